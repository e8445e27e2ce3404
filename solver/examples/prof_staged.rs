use solver::sliding::{shuffle_solvable, Shape};
use std::time::Instant;
fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().unwrap()).collect();
    let shape = Shape { width: args[0] as u8, height: args[1] as u8 };
    for seed in 0..args[2] {
        let goal = shape.default_goal();
        let start = shuffle_solvable(shape, &goal, seed).unwrap();
        let t = Instant::now();
        let a = solver::staged::solve(shape, &start, &goal).unwrap();
        println!("seed {seed}: {:.2} ms, {} moves, {} expanded, {} bytes", t.elapsed().as_secs_f64()*1e3, a.moves.len(), a.expanded, a.peak_memory_bytes);
    }
}
