//! `boards`: the staged solver with improvement on random boards of every size, and on the 50 Korf-Felner
//! 24-puzzle instances against their known optima.
//!
//! ```text
//! cargo run --release -p solver --bin boards -- --per-size N --seed S [--improve-ms MS] [--max-states N]
//!     [--data PATH] [--no-24]
//! ```
//! Per size (2x2 to 8x8 squares and several rectangles; every other board has a random goal): the time to the
//! first answer (mean and max), the time to the final one, the mean length of the first and final answers, and
//! the mean and max of length / lower bound. Then the 24-puzzle set: mean and worst length / optimum and mean
//! length / lower bound. Every answer goes through `solver::run::solve` (as the CLI and the worker) and is
//! replayed by the independent checker; exit code 1 if any board is unsolved or fails to replay.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use solver::check::check_report;
use solver::instances;
use solver::query::PuzzleSpec;
use solver::search::{Algorithm, Control, Limits, Status};
use solver::sliding::{shuffle_solvable, Shape};
use solver::{Query, Report};

/// The sizes run: every square, then rectangles.
const SIZES: [(u8, u8); 16] = [
    (2, 2),
    (3, 3),
    (4, 4),
    (5, 5),
    (6, 6),
    (7, 7),
    (8, 8),
    (3, 2),
    (4, 3),
    (2, 8),
    (8, 2),
    (3, 8),
    (8, 3),
    (4, 7),
    (6, 5),
    (5, 8),
];

#[derive(Parser, Debug)]
#[command(
    name = "boards",
    about = "The staged solver with improvement on random boards of every size and on the 24-puzzle set"
)]
struct Options {
    /// Random boards per size.
    #[arg(long, default_value_t = 10)]
    per_size: u64,
    /// The seed of the first board.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The improvement's time budget per board, in milliseconds.
    #[arg(long, default_value_t = solver::improve::DEFAULT_IMPROVE_MS)]
    improve_ms: u64,
    /// The most expansions of the improvement searches per board.
    #[arg(long, default_value_t = solver::search::DEFAULT_MAX_STATES)]
    max_states: u64,
    /// The 24-puzzle instance file.
    #[arg(long, default_value_os_t = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/korf-felner50-24puzzle.tsv"))]
    data: PathBuf,
    /// Skip the 24-puzzle set.
    #[arg(long)]
    no_24: bool,
    /// Run only these sizes (WIDTHxHEIGHT, comma-separated) instead of the whole list.
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
}

/// One board's run: the first answer's time and length, the final answer's, and its lower bound.
struct Run {
    first_ms: f64,
    first_length: u64,
    final_ms: f64,
    length: u64,
    lower_bound: u64,
}

/// Solves one board with the staged solver and improvement; `Err` with what went wrong.
fn run(spec: PuzzleSpec, options: &Options) -> Result<Run, String> {
    let query = Query {
        algorithm: Some(Algorithm::Staged),
        ..Query::new(spec.clone())
    };
    let mut first: Option<(f64, u64)> = None;
    let report: Report = {
        let mut control = Control::new(Limits {
            max_states: options.max_states,
            time_limit_ms: Some(options.improve_ms),
            ..Limits::default()
        })
        .with_answer(|r: &Report| {
            first.get_or_insert((r.stats.elapsed_ms, r.length));
        });
        solver::run::solve(&query, &mut control)
    };
    if report.status != Status::Solved {
        return Err(format!("{}: {}", report.status.name(), report.message));
    }
    check_report(&spec, &report).map_err(|e| e.to_string())?;
    let (first_ms, first_length) = first.ok_or("no first answer was reported")?;
    let lower_bound = report.lower_bound.ok_or("no lower bound")?;
    if report.length < lower_bound {
        return Err(format!(
            "length {} below the lower bound {lower_bound}",
            report.length
        ));
    }
    Ok(Run {
        first_ms,
        first_length,
        final_ms: report.stats.elapsed_ms,
        length: report.length,
        lower_bound,
    })
}

fn ratio(length: u64, bound: u64) -> f64 {
    if bound == 0 {
        1.0
    } else {
        length as f64 / bound as f64
    }
}

fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = values.fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
    if n == 0 {
        0.0
    } else {
        sum / n as f64
    }
}

fn max(values: impl Iterator<Item = f64>) -> f64 {
    values.fold(0.0, f64::max)
}

fn main() -> ExitCode {
    let options = Options::parse();
    let mut failures = 0;
    println!(
        "{:>5} {:>6} {:>14} {:>14} {:>9} {:>9} {:>8} {:>8} {:>9}",
        "size",
        "boards",
        "first ms mean",
        "first ms max",
        "final ms",
        "len first",
        "len",
        "len/LB",
        "len/LB max"
    );
    for (w, h) in SIZES {
        let shape = Shape {
            width: w,
            height: h,
        };
        if !options.only.is_empty() && !options.only.contains(&shape.to_string()) {
            continue;
        }
        let mut runs = Vec::new();
        for k in 0..options.per_size {
            let seed = options.seed.wrapping_add(k).wrapping_mul(0x9E37_79B9)
                ^ u64::from(w) << 8
                ^ u64::from(h);
            let default_goal = shape.default_goal();
            let goal = if k % 2 == 1 {
                shuffle_solvable(shape, &default_goal, seed ^ 0x5EED).unwrap_or(default_goal)
            } else {
                default_goal
            };
            let Ok(start) = shuffle_solvable(shape, &goal, seed) else {
                continue;
            };
            let spec = match PuzzleSpec::sliding(w, h, start.clone(), Some(goal.clone())) {
                Ok(spec) => spec,
                Err(e) => {
                    eprintln!("{shape}: {e}");
                    failures += 1;
                    continue;
                }
            };
            match run(spec, &options) {
                Ok(r) => runs.push(r),
                Err(why) => {
                    eprintln!("{shape} start {start:?} goal {goal:?}: {why}");
                    failures += 1;
                }
            }
        }
        println!(
            "{:>5} {:>6} {:>14.2} {:>14.2} {:>9.0} {:>9.1} {:>8.1} {:>8.3} {:>9.3}",
            shape.to_string(),
            runs.len(),
            mean(runs.iter().map(|r| r.first_ms)),
            max(runs.iter().map(|r| r.first_ms)),
            mean(runs.iter().map(|r| r.final_ms)),
            mean(runs.iter().map(|r| r.first_length as f64)),
            mean(runs.iter().map(|r| r.length as f64)),
            mean(runs.iter().map(|r| ratio(r.length, r.lower_bound))),
            max(runs.iter().map(|r| ratio(r.length, r.lower_bound))),
        );
    }
    if !options.no_24 {
        match instances::read(&options.data, 25) {
            Ok(set) => {
                let mut rows = Vec::new();
                for instance in &set {
                    let spec = PuzzleSpec::sliding(5, 5, instance.blank_last.clone(), None);
                    match spec
                        .map_err(|e| e.to_string())
                        .and_then(|s| run(s, &options))
                    {
                        Ok(r) => rows.push((r, instance.optimal)),
                        Err(why) => {
                            eprintln!("24-puzzle instance {}: {why}", instance.id);
                            failures += 1;
                        }
                    }
                }
                println!(
                    "24-puzzle set ({} of {}): length / optimum mean {:.3}, worst {:.3}; first answer / optimum mean {:.3}; \
                     length / LB mean {:.3}; first answer ms mean {:.2}, max {:.2}; final ms mean {:.0}",
                    rows.len(),
                    set.len(),
                    mean(rows.iter().map(|(r, opt)| ratio(r.length, *opt))),
                    max(rows.iter().map(|(r, opt)| ratio(r.length, *opt))),
                    mean(rows.iter().map(|(r, opt)| ratio(r.first_length, *opt))),
                    mean(rows.iter().map(|(r, _)| ratio(r.length, r.lower_bound))),
                    mean(rows.iter().map(|(r, _)| r.first_ms)),
                    max(rows.iter().map(|(r, _)| r.first_ms)),
                    mean(rows.iter().map(|(r, _)| r.final_ms)),
                );
            }
            Err(why) => {
                eprintln!("{why}");
                failures += 1;
            }
        }
    }
    if failures > 0 {
        eprintln!("{failures} board(s) failed");
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
