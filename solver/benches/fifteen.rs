//! Criterion benchmarks of issue 4: the 15-puzzle by IDA* three ways on the same easy Korf
//! instances, side by side: the `pathfinding` crate's `idastar` with Manhattan distance, our
//! IDA* with Manhattan distance, and our IDA* with the 6-6-3 pattern databases; plus the
//! databases' build. `cargo bench -p solver --bench fifteen`

use std::sync::Arc;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use solver::pdb::{solve_idastar, solve_manhattan, Geometry, Partition, Pdb, PdbTables};
use solver::search::{Control, Limits, Status};

/// The Korf instances (by id, goal 1..15,0) on which Manhattan IDA* expands the fewest nodes
/// (`korf --manhattan --time-limit 1500` lists them), with their optimal lengths from the file.
const EASY: [u32; 4] = [55, 12, 79, 42];

/// Instance `id` of the data file, goal 1..15,0: its tiles and optimal length.
fn instance(id: u32) -> (Vec<u8>, u64) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/korf100.tsv");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        if fields.len() == 4 && fields[0] == id.to_string() {
            let tiles = fields[3]
                .split(',')
                .filter_map(|t| t.parse().ok())
                .collect();
            return (tiles, fields[1].parse().unwrap_or(0));
        }
    }
    panic!("instance {id} is not in {path}");
}

/// A 4x4 board for the `pathfinding` crate: tiles in nibbles (cell 0 lowest) and the blank's cell.
type Node = (u64, u8);

fn pack(tiles: &[u8]) -> Node {
    let board = tiles
        .iter()
        .enumerate()
        .fold(0u64, |b, (c, &t)| b | (t as u64) << (4 * c));
    (board, tiles.iter().position(|&t| t == 0).unwrap_or(0) as u8)
}

/// The boards one blank move away, each at cost 1.
fn successors(&(board, blank): &Node) -> Vec<(Node, u32)> {
    let b = blank as usize;
    let (row, col) = (b / 4, b % 4);
    let mut out = Vec::with_capacity(4);
    let mut slide = |to: usize| {
        let tile = (board >> (4 * to)) & 0xF;
        out.push(((board & !(0xF << (4 * to)) | tile << (4 * b), to as u8), 1));
    };
    if row > 0 {
        slide(b - 4);
    }
    if row < 3 {
        slide(b + 4);
    }
    if col > 0 {
        slide(b - 1);
    }
    if col < 3 {
        slide(b + 1);
    }
    out
}

/// Manhattan distance to the goal 1..15,0 (tile t belongs on cell t - 1).
fn manhattan(&(board, _): &Node) -> u32 {
    (0..16)
        .map(|cell| {
            let t = ((board >> (4 * cell)) & 0xF) as usize;
            if t == 0 {
                0
            } else {
                let home = t - 1;
                ((home / 4).abs_diff(cell / 4) + (home % 4).abs_diff(cell % 4)) as u32
            }
        })
        .sum()
}

fn control() -> Control<'static> {
    Control::new(Limits::default())
}

fn fifteen(c: &mut Criterion) {
    let geometry = Geometry::fifteen();
    let goal: Vec<u8> = (1..16).chain([0]).collect();
    let partition = Partition::default_for(&geometry, 15).unwrap_or_else(|e| panic!("{e}"));
    let tables = Arc::new(PdbTables::build(&geometry, &partition, |_| {}));
    let pdb = Pdb::new(tables, &goal).unwrap_or_else(|e| panic!("{e}"));
    let goal_node = pack(&goal);

    let mut group = c.benchmark_group("15-puzzle easy Korf");
    group.sample_size(10);
    for id in EASY {
        let (start, optimal) = instance(id);
        group.bench_function(format!("#{id} idastar manhattan (pathfinding)"), |b| {
            b.iter(|| {
                let found = pathfinding::prelude::idastar(
                    &pack(black_box(&start)),
                    successors,
                    manhattan,
                    |n| *n == goal_node,
                );
                assert_eq!(found.map(|(_, cost)| cost as u64), Some(optimal));
            })
        });
        group.bench_function(format!("#{id} idastar manhattan (ours)"), |b| {
            b.iter(|| {
                let out = solve_manhattan(&geometry, black_box(&start), &goal, &mut control());
                assert_eq!((out.status, out.length), (Status::Solved, optimal));
            })
        });
        group.bench_function(format!("#{id} idastar pdb 6-6-3 (ours)"), |b| {
            b.iter(|| {
                let out = solve_idastar(&pdb, black_box(&start), &mut control());
                assert_eq!((out.status, out.length), (Status::Solved, optimal));
            })
        });
    }
    group.finish();

    let mut build = c.benchmark_group("15-puzzle pattern databases");
    build.sample_size(10);
    build.bench_function("build 6-6-3 (blank goal cell 15)", |b| {
        b.iter(|| PdbTables::build(&geometry, black_box(&partition), |_| {}))
    });
    build.finish();
}

criterion_group!(benches, fifteen);
criterion_main!(benches);
