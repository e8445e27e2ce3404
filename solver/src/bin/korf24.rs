//! `korf24`: runs weighted A* on the 50 Korf-Felner 24-puzzle instances and compares each length with
//! the known optimum.
//!
//! ```text
//! cargo run --release -p solver --bin korf24 -- [--weight W[,W...]] [--heuristic H] [--first N]
//!     [--max-states N] [--time-limit MS] [--data PATH] [--quiet]
//! ```
//! For each weight: one line per instance (id, status, length, optimal length, ratio, states
//! expanded, the search's peak memory estimate, wall and CPU milliseconds), then the mean and worst
//! ratio and the total and largest time. Each run goes through `solver::run::solve`, as the CLI and the browser's worker do; each
//! solution is replayed by the crate's independent checker and its length compared with w times the
//! optimum. Exit code 1 if any instance is unsolved, fails to replay or breaks the bound; 2 on bad
//! usage or data.

use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use solver::check::check_sliding;
use solver::instances::{self, Instance};
use solver::numbers::{bytes, count};
use solver::query::PuzzleSpec;
use solver::search::cpu_clock::thread_cpu_ms;
use solver::search::weighted::Weight;
use solver::search::{Algorithm, Control, Limits, Status, DEFAULT_MAX_STATES};
use solver::{HeuristicName, Moves, Query};

/// The board: 5x5, goal 1..24 then the blank.
const SIDE: u8 = 5;
const CELLS: usize = 25;

/// The command line, read by clap.
#[derive(Debug, Parser)]
#[command(
    name = "korf24",
    about = "korf24: runs weighted A* on the 50 Korf-Felner 24-puzzle instances and compares each length with the known optimum.",
    disable_version_flag = true,
    disable_help_flag = true
)]
struct Options {
    /// the weight(s) of weighted A*, decimals from 1 to 10; several may be given, separated
    /// by commas or by repeating the option (default: the solver's default weight)
    #[arg(long = "weight", value_name = "W", value_delimiter = ',', value_parser = parse_weight,
          verbatim_doc_comment)]
    weights: Vec<Weight>,
    /// manhattan or linear-conflict
    #[arg(long, value_name = "H", default_value = "linear-conflict", value_parser = parse_heuristic)]
    heuristic: HeuristicName,
    /// only the first N instances
    #[arg(long, value_name = "N", default_value_t = usize::MAX, hide_default_value = true, value_parser = at_least_one::<usize>)]
    first: usize,
    /// the most states a search may hold; an instance that needs more counts as unsolved
    #[arg(long, value_name = "N", verbatim_doc_comment, default_value_t = DEFAULT_MAX_STATES, value_parser = at_least_one::<u64>)]
    max_states: u64,
    /// give up an instance after MS milliseconds (it counts as unsolved)
    #[arg(long = "time-limit", value_name = "MS", value_parser = at_least_one::<u64>)]
    time_limit_ms: Option<u64>,
    /// the instance file (default: solver/data/korf-felner50-24puzzle.tsv, the crate's
    /// copy); its blank-last column is used, with the goal 1,2,...,24,0
    #[arg(long, value_name = "PATH", verbatim_doc_comment, hide_default_value = true, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/data/korf-felner50-24puzzle.tsv"))]
    data: PathBuf,
    /// the summary lines only
    #[arg(long)]
    quiet: bool,
    /// print this help
    #[arg(short, long, action = clap::ArgAction::Help)]
    help: Option<bool>,
}

fn parse_weight(value: &str) -> Result<Weight, String> {
    value.trim().parse().map_err(|e| format!("{e}"))
}

fn parse_heuristic(value: &str) -> Result<HeuristicName, String> {
    match HeuristicName::from_name(value) {
        Some(h @ (HeuristicName::Manhattan | HeuristicName::LinearConflict)) => Ok(h),
        _ => Err(format!(
            "the heuristic is manhattan or linear-conflict, not {value:?}"
        )),
    }
}

/// A whole number of at least 1.
fn at_least_one<T: std::str::FromStr + PartialOrd + From<u8>>(value: &str) -> Result<T, String> {
    match value.parse::<T>() {
        Ok(n) if n >= T::from(1) => Ok(n),
        _ => Err(format!("'{value}' is not a whole number of at least 1")),
    }
}

/// One run of one instance.
#[derive(Debug, Clone)]
struct Run {
    id: u32,
    status: Status,
    length: u64,
    optimal: u64,
    expanded: u64,
    /// The search's estimate of its peak memory, in bytes.
    memory: u64,
    ms: f64,
    cpu_ms: Option<f64>,
    problem: Option<String>,
}

impl Run {
    fn ratio(&self) -> f64 {
        self.length as f64 / self.optimal as f64
    }
}

fn read_instances(options: &Options) -> Result<Vec<Instance>, String> {
    let mut instances = instances::read(&options.data, CELLS)?;
    instances.truncate(options.first);
    Ok(instances)
}

fn solve_one(instance: &Instance, weight: Weight, options: &Options) -> Result<Run, String> {
    let puzzle = PuzzleSpec::sliding(SIDE, SIDE, instance.blank_last.clone(), None)
        .map_err(|e| format!("instance {}: {e}", instance.id))?;
    let goal = puzzle.goal().to_vec();
    let query = Query {
        puzzle,
        algorithm: Some(Algorithm::Weighted),
        heuristic: Some(options.heuristic),
        weight: Some(weight),
    };
    let mut control = Control::new(Limits {
        max_states: options.max_states,
        time_limit_ms: options.time_limit_ms,
        ..Limits::default()
    });
    let cpu_started = thread_cpu_ms();
    let started = Instant::now();
    let report = solver::run::solve(&query, &mut control);
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    let cpu_ms = cpu_started.zip(thread_cpu_ms()).map(|(a, b)| b - a);
    let mut run = Run {
        id: instance.id,
        status: report.status,
        length: report.length,
        optimal: instance.optimal,
        expanded: report.stats.expanded,
        memory: report.stats.peak_memory_bytes,
        ms,
        cpu_ms,
        problem: None,
    };
    if report.status != Status::Solved {
        run.problem = Some(format!("not solved: {}", report.message));
        return Ok(run);
    }
    let Moves::Sliding(letters) = &report.moves else {
        run.problem = Some("the report holds no sliding moves".to_string());
        return Ok(run);
    };
    if let Err(e) = check_sliding(SIDE, SIDE, &instance.blank_last, &goal, letters) {
        run.problem = Some(format!("the solution does not replay: {e}"));
    } else if report.length < instance.optimal {
        run.problem = Some(format!(
            "length {} is below the file's optimum {}: the data is wrong",
            report.length, instance.optimal
        ));
    } else if !weight.bounds(report.length, instance.optimal) {
        run.problem = Some(format!(
            "length {} breaks the bound {weight} x {}",
            report.length, instance.optimal
        ));
    }
    Ok(run)
}

fn print_header() {
    println!(
        "{:>4} {:>8} {:>6} {:>7} {:>6} {:>11} {:>10} {:>9} {:>9}",
        "id", "status", "length", "optimal", "ratio", "expanded", "memory", "ms", "cpu ms"
    );
}

fn print_row(run: &Run) {
    let solved = run.status == Status::Solved;
    let length = if solved {
        run.length.to_string()
    } else {
        "-".to_string()
    };
    let ratio = if solved {
        format!("{:.3}", run.ratio())
    } else {
        "-".to_string()
    };
    let cpu = run.cpu_ms.map_or("-".to_string(), |c| format!("{c:.1}"));
    let flag = run
        .problem
        .as_deref()
        .map_or(String::new(), |p| format!("  PROBLEM: {p}"));
    println!(
        "{:>4} {:>8} {:>6} {:>7} {:>6} {:>11} {:>10} {:>9.1} {:>9}{flag}",
        run.id,
        run.status.name(),
        length,
        run.optimal,
        ratio,
        count(run.expanded),
        bytes(run.memory),
        run.ms,
        cpu
    );
}

/// The summary of one weight's runs; true if every instance was solved, replayed and within the bound.
fn summarise(weight: Weight, options: &Options, runs: &[Run]) -> bool {
    let solved: Vec<&Run> = runs.iter().filter(|r| r.status == Status::Solved).collect();
    let problems = runs.iter().filter(|r| r.problem.is_some()).count();
    let mean = solved.iter().map(|r| r.ratio()).sum::<f64>() / solved.len().max(1) as f64;
    let worst = solved.iter().max_by(|a, b| a.ratio().total_cmp(&b.ratio()));
    let slowest = runs.iter().max_by(|a, b| a.ms.total_cmp(&b.ms));
    let total_ms: f64 = runs.iter().map(|r| r.ms).sum();
    let total_cpu: Option<f64> = runs.iter().map(|r| r.cpu_ms).sum();
    let max_cpu = runs
        .iter()
        .filter_map(|r| r.cpu_ms)
        .fold(None, |max: Option<f64>, c| {
            Some(max.map_or(c, |m| m.max(c)))
        });
    let most_memory = runs.iter().map(|r| r.memory).max().unwrap_or(0);
    let most_expanded = runs.iter().map(|r| r.expanded).max().unwrap_or(0);
    println!(
        "w = {weight} ({}): {}/{} solved; mean ratio {mean:.3}, worst {}; time total {total_ms:.0} ms{}, \
         max {}{}; most expanded {}, peak memory {}; {}",
        options.heuristic.name(),
        solved.len(),
        runs.len(),
        worst.map_or("-".to_string(), |r| format!("{:.3} (#{})", r.ratio(), r.id)),
        total_cpu.map_or(String::new(), |c| format!(" (cpu {c:.0} ms)")),
        slowest.map_or("-".to_string(), |r| format!("{:.0} ms (#{})", r.ms, r.id)),
        max_cpu.map_or(String::new(), |c| format!(" (cpu max {c:.0} ms)")),
        count(most_expanded),
        bytes(most_memory),
        if problems == 0 {
            "every solution replayed and within the bound".to_string()
        } else {
            format!("{problems} PROBLEM(S)")
        }
    );
    problems == 0
}

fn run() -> Result<bool, String> {
    let mut options = Options::parse();
    if options.weights.is_empty() {
        options.weights.push(Weight::DEFAULT);
    }
    let instances = read_instances(&options)?;
    println!(
        "# korf24: {} instances of the 24-puzzle, goal 1,...,24,0, weighted A* with {}, max-states {}",
        instances.len(),
        options.heuristic.name(),
        count(options.max_states)
    );
    let mut all_good = true;
    let mut summaries = Vec::new();
    for &weight in &options.weights {
        if !options.quiet {
            println!("# w = {weight}");
            print_header();
        }
        let mut runs = Vec::with_capacity(instances.len());
        for instance in &instances {
            let run = solve_one(instance, weight, &options)?;
            if !options.quiet {
                print_row(&run);
            }
            runs.push(run);
        }
        summaries.push((weight, runs));
    }
    for (weight, runs) in &summaries {
        all_good &= summarise(*weight, &options, runs);
    }
    Ok(all_good)
}

fn main() -> ExitCode {
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(message) => {
            eprintln!("korf24: {message}");
            ExitCode::from(2)
        }
    }
}
