//! The 5x5 pattern databases at full size, dual lookups included: admissible on the 50 Korf-Felner instances (against
//! their known optima) and on random walks (whose length bounds the distance), and the
//! near-optimal search's answers replay. Building the five 5-tile tables takes tens of seconds
//! in the test profile, so this test is ignored by default:
//! `cargo test -p solver --release --test pdb25 -- --ignored`.

use std::path::PathBuf;

use solver::check::check_sliding;
use solver::instances;
use solver::pdb::{near_optimal_5x5, Geometry, WindowTables};
use solver::search::{Control, Limits};

#[test]
#[ignore = "builds 13 MB of tables: run with --release -- --ignored"]
fn five_by_five_tables_are_admissible_and_answers_replay() {
    let mut tables = WindowTables::build(|_| {}).unwrap_or_else(|e| panic!("{e}"));
    // Every blank cell's smaller table: the dual lookups read them all.
    tables.prepare_all().unwrap_or_else(|e| panic!("{e}"));
    let goal: Vec<u8> = (1..25).chain([0]).collect();
    let pdb = tables.pdb_for(&goal).unwrap_or_else(|e| panic!("{e}"));
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/korf-felner50-24puzzle.tsv");
    let list = instances::read(&data, 25).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(list.len(), 50);
    for instance in &list {
        let lb = pdb.lower_bound(&instance.blank_last) as u64;
        assert!(
            lb <= instance.optimal,
            "instance {}: {lb} > {}",
            instance.id,
            instance.optimal
        );
    }
    // Random walks from random goals: every state on the walk is within the walk's length of
    // its end, so the heuristic for the end as goal never exceeds it.
    let g = Geometry::new(5, 5).unwrap_or_else(|e| panic!("{e}"));
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for _ in 0..20 {
        let mut board: Vec<u8> = goal.clone();
        for i in (1..25).rev() {
            board.swap(i, (next() % (i as u64 + 1)) as usize);
        }
        let walk_goal = board.clone();
        let end_pdb = tables.pdb_for(&walk_goal).unwrap_or_else(|e| panic!("{e}"));
        let mut blank = board.iter().position(|&t| t == 0).unwrap_or(0);
        for step in 1..=120u32 {
            let cells: Vec<usize> = (0..25).filter(|&c| g.manhattan(c, blank) == 1).collect();
            let to = cells[(next() % cells.len() as u64) as usize];
            board.swap(blank, to);
            blank = to;
            assert!(end_pdb.estimate(&board) <= step);
        }
    }
    for instance in list.iter().take(3) {
        let mut control = Control::new(Limits {
            time_limit_ms: Some(2000),
            ..Limits::default()
        })
        .with_max_bytes(84 << 20);
        let found = near_optimal_5x5(
            &mut tables,
            &instance.blank_last,
            &goal,
            None,
            &mut control,
            |_, _| {},
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let moves = found
            .moves
            .unwrap_or_else(|| panic!("instance {} unsolved", instance.id));
        let letters: String = moves.iter().map(|d| d.letter()).collect();
        assert_eq!(
            check_sliding(5, 5, &instance.blank_last, &goal, &letters),
            Ok(())
        );
        assert!(moves.len() as u64 >= instance.optimal);
        assert!(found.lower_bound as u64 <= instance.optimal);
    }
}
