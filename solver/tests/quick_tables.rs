//! The quick 4-4-4-3 tables of the 15-puzzle (`pdb::Partition::quick_for`): once this process holds them and not
//! the default 6-6-3 ones, a `pdb` search of a 4x4 board runs on them, and its answers are still the shortest.
//! A test binary of its own: the tables it installs in the process's cache would change what the searches of
//! other tests run on.

use solver::pdb::cache::{forget_tables, install_tables, pattern_database, quick_partition};
use solver::pdb::{partition_key, solve_manhattan, Geometry, PdbTables};
use solver::query::{self, Query};
use solver::rules::PuzzleSpec;
use solver::search::{Control, Limits};
use solver::sliding::Shape;
use solver::Status;
use std::sync::Arc;

/// Builds and installs the quick tables for `goal`; returns their key.
fn install_quick(goal: &[u8]) -> String {
    let geometry = Geometry::new(4, 4).unwrap();
    let partition = quick_partition(4, 4, goal).expect("4x4 has quick tables");
    assert_eq!(partition.name(), "4-4-4-3");
    let tables = PdbTables::build(&geometry, &partition, |_| {});
    let key = partition_key(&geometry, &partition);
    assert_eq!(tables.key(), key);
    install_tables(Arc::new(tables));
    key
}

/// Solves `start` to `goal` with IDA* on the pattern databases through the one dispatch, checks the report
/// replays to the goal and says it is a shortest one; returns its length.
fn solve_pdb(start: &[u8], goal: &[u8]) -> u64 {
    let spec = PuzzleSpec::sliding(4, 4, start.to_vec(), Some(goal.to_vec())).unwrap();
    let mut q = Query::new(spec.clone());
    q.algorithm = Some(solver::Algorithm::Idastar);
    q.heuristic = Some(solver::HeuristicName::Pdb);
    let q = query::parse(&q.to_query_string()).unwrap();
    let report = solver::run::solve(&q, &mut Control::new(Limits::default()));
    assert_eq!(report.status, Status::Solved, "{}", report.message);
    assert!(report.optimal && report.lower_bound == Some(report.length));
    assert_eq!(solver::check::check_report(&spec, &report), Ok(()));
    report.length
}

#[test]
fn korf_instances_solved_on_the_quick_tables_are_the_shortest() {
    let goal: Vec<u8> = (1..16).chain([0]).collect();
    let key = install_quick(&goal);
    // The searches look the quick tables up: the default ones are not in this process.
    let pdb = pattern_database(4, 4, &goal, &mut Control::new(Limits::default())).unwrap();
    assert_eq!(pdb.tables().key(), key);
    // Five of Korf's instances (the blank-last column of solver/data/korf100.tsv) with their known optima.
    let korf: [(&str, u64); 5] = [
        ("5,10,14,4,6,12,11,1,9,0,15,7,13,2,8,3", 41),
        ("0,9,12,4,5,3,2,8,10,1,7,6,11,14,13,15", 42),
        ("6,1,15,8,5,10,13,0,3,4,2,7,14,9,11,12", 42),
        ("1,6,10,8,14,12,4,2,13,11,3,5,9,7,15,0", 42),
        ("2,3,12,8,13,14,10,1,6,7,15,4,5,0,9,11", 44),
    ];
    for (tiles, optimum) in korf {
        let start: Vec<u8> = tiles.split(',').map(|t| t.parse().unwrap()).collect();
        assert_eq!(solve_pdb(&start, &goal), optimum, "{tiles}");
    }
    forget_tables(&key);
    assert!(solver::pdb::cache::cached_tables(&key).is_none());
}

#[test]
fn with_the_blank_elsewhere_the_quick_tables_give_what_idastar_on_manhattan_gives() {
    // The blank's goal on an inner cell: runs of four cells, no reflection.
    let goal = [1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
    let key = install_quick(&goal);
    let partition = quick_partition(4, 4, &goal).unwrap();
    assert_eq!(partition.groups()[0], vec![0, 1, 2, 3]);
    let geometry = Geometry::new(4, 4).unwrap();
    let shape = Shape::new(4, 4).unwrap();
    for seed in 0..6 {
        let start = solver::sliding::scramble(shape, &goal, 40, seed).unwrap();
        let manhattan = solve_manhattan(
            &geometry,
            &start,
            &goal,
            &mut Control::new(Limits::default()),
        );
        assert_eq!(manhattan.status, Status::Solved);
        assert_eq!(
            solve_pdb(&start, &goal),
            manhattan.length,
            "seed {seed}: {start:?}"
        );
    }
    forget_tables(&key);
}
