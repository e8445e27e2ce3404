//! How long the slice builder (`PdbBuilder`, the one the browser's worker and its helpers run) takes over each of the
//! 5x5 window tables (`WindowTables::partitions`, then `small_partitions`), natively (wall and CPU time: compare the
//! CPU time on a busy machine), with a hash of each table's
//! bytes to check a new builder against (FNV-1a); N: only the first N tables; LEVELS=1: each table's placements per
//! distance too.
//!
//!   cargo run --release -p solver --example five_by_five_build [N]

use solver::pdb::{Geometry, PdbBuilder, WindowTables};
use solver::search::cpu_clock::thread_cpu_ms;
use std::time::Instant;

fn main() {
    let geometry = Geometry::new(5, 5).unwrap();
    let partitions = WindowTables::partitions()
        .unwrap()
        .into_iter()
        .chain(WindowTables::small_partitions().unwrap())
        .take(
            std::env::args()
                .nth(1)
                .and_then(|a| a.parse().ok())
                .unwrap_or(9),
        );
    let all = Instant::now();
    for partition in partitions {
        let started = Instant::now();
        let cpu = thread_cpu_ms().unwrap_or(0.0);
        let mut builder = PdbBuilder::new(&geometry, &partition);
        while !builder.step(1 << 16) {}
        let tables = builder.into_tables().unwrap();
        let values = &tables.groups()[0].values();
        let hash = values.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &v| {
            (h ^ v as u64).wrapping_mul(0x100_0000_01b3)
        });
        if std::env::var("LEVELS").is_ok() {
            let mut count = [0usize; 256];
            values.iter().for_each(|&v| count[v as usize] += 1);
            println!(
                "{:?}",
                count
                    .iter()
                    .enumerate()
                    .filter(|(_, &c)| c > 0)
                    .collect::<Vec<_>>()
            );
        }
        println!(
            "{:?} blank {}: {} entries, {:.0} ms ({:.0} ms CPU), max {}, fnv {hash:016x}",
            partition.groups()[0],
            partition.blank(),
            values.len(),
            started.elapsed().as_secs_f64() * 1000.0,
            thread_cpu_ms().unwrap_or(0.0) - cpu,
            values.iter().max().unwrap()
        );
    }
    println!("all: {:.0} ms", all.elapsed().as_secs_f64() * 1000.0);
}
