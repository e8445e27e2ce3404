//! How long the slice builder (`PdbBuilder`) takes over each of the 15-puzzle's 6-6-3 tables (`Partition::default_for`,
//! the blank's goal on the last cell), natively, with a hash of each table's bytes (FNV-1a) to check a new builder
//! against.
//!
//!   cargo run --release -p solver --example fifteen_build

use solver::pdb::{Geometry, Partition, PdbBuilder};
use solver::search::cpu_clock::thread_cpu_ms;
use std::time::Instant;

fn main() {
    let geometry = Geometry::fifteen();
    let partition = Partition::default_for(&geometry, 15).unwrap();
    let all = Instant::now();
    for group in partition.groups() {
        let started = Instant::now();
        let cpu = thread_cpu_ms().unwrap_or(0.0);
        let single = Partition::new(&geometry, partition.blank(), vec![group.clone()]).unwrap();
        let mut builder = PdbBuilder::new(&geometry, &single);
        while !builder.step(1 << 16) {}
        let tables = builder.into_tables().unwrap();
        let values = tables.groups()[0].values();
        let hash = values.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &v| {
            (h ^ v as u64).wrapping_mul(0x100_0000_01b3)
        });
        println!(
            "{group:?}: {} entries, {:.0} ms ({:.0} ms CPU), max {}, fnv {hash:016x}",
            values.len(),
            started.elapsed().as_secs_f64() * 1000.0,
            thread_cpu_ms().unwrap_or(0.0) - cpu,
            values.iter().max().unwrap()
        );
    }
    println!("all: {:.0} ms", all.elapsed().as_secs_f64() * 1000.0);
}
