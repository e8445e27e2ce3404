//! How the 15-puzzle's quick 4-4-4-3 tables (`Partition::quick_for`) compare with the default 6-6-3 ones: each
//! set's build time, then IDA*'s nodes on seeded random boards and on Korf's 100 (the blank-last column), checking
//! both give the same lengths. The figures are in docs/performance.md ("The shortest on a first visit").
//!
//!   cargo run --release -p solver --example quick_tables [BOARDS]

use solver::pdb::{solve_idastar, Geometry, Partition, Pdb, PdbTables};
use solver::search::{Control, Limits};
use std::sync::Arc;
use std::time::Instant;

fn main() {
    let count: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(40);
    let geometry = Geometry::new(4, 4).unwrap();
    let goal: Vec<u8> = (1..16).chain([0]).collect();
    let shape = solver::sliding::Shape::new(4, 4).unwrap();
    let random: Vec<Vec<u8>> = (0..count)
        .map(|seed| solver::sliding::shuffle_solvable(shape, &goal, 1000 + seed).unwrap())
        .collect();
    let korf: Vec<Vec<u8>> = include_str!("../data/korf100.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            l.split('\t')
                .nth(3)
                .unwrap()
                .trim()
                .split(',')
                .map(|t| t.parse().unwrap())
                .collect()
        })
        .collect();
    let sets = [
        (
            "4-4-4-3",
            Partition::quick_for(&geometry, 15).unwrap().unwrap(),
        ),
        ("6-6-3", Partition::default_for(&geometry, 15).unwrap()),
    ];
    let mut lengths: Vec<Vec<u64>> = Vec::new();
    for (name, partition) in sets {
        let started = Instant::now();
        let tables = Arc::new(PdbTables::build(&geometry, &partition, |_| {}));
        let build_ms = started.elapsed().as_secs_f64() * 1e3;
        let pdb = Pdb::new(tables, &goal).unwrap();
        let mut these = Vec::new();
        for (what, boards) in [("random", &random), ("Korf", &korf)] {
            let started = Instant::now();
            let mut nodes: Vec<u64> = boards
                .iter()
                .map(|board| {
                    let outcome = solve_idastar(
                        &pdb,
                        board,
                        &mut Control::new(Limits {
                            max_states: u64::MAX,
                            ..Limits::default()
                        }),
                    );
                    these.push(outcome.length);
                    outcome.stats.expanded
                })
                .collect();
            let ms = started.elapsed().as_secs_f64() * 1e3;
            nodes.sort_unstable();
            let at = |q: f64| nodes[((q * nodes.len() as f64).ceil() as usize).max(1) - 1];
            println!(
                "{name}: built in {build_ms:.0} ms; {} {what} boards in {ms:.0} ms, nodes median {}, 90th percentile {}, max {}, all {}",
                boards.len(),
                at(0.5),
                at(0.9),
                at(1.0),
                nodes.iter().sum::<u64>()
            );
        }
        lengths.push(these);
    }
    assert_eq!(
        lengths[0], lengths[1],
        "the two sets of tables gave different lengths"
    );
    println!("same lengths on every board");
}
