//! `korf24pdb`: the near-optimal 5x5 search on the pattern databases, run on the 50 Korf-Felner
//! 24-puzzle instances and compared with the known optima.
//!
//! ```text
//! cargo run --release -p solver --bin korf24pdb -- [--pdb-dir DIR] [--time-limit MS]
//!     [--max-bytes N] [--first N] [--data PATH] [--build-group I]
//! ```
//! Builds the two 5-tile tables of the 5x5 window tables (`pdb::WindowTables`) or loads them
//! from `--pdb-dir` (saving them there when built), then runs `pdb::near_optimal_5x5` on each
//! instance (goal 1..24 then the blank) and prints: length, optimum, ratio, lower bound, time,
//! expansions and peak memory estimate; then the mean and worst ratio, the mean of length /
//! lower bound, and the total and slowest time. Every answer is replayed by `solver::check`.
//! Exit code 1 if an instance is unsolved or fails to replay; 2 on bad usage or data.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use solver::check::check_sliding;
use solver::instances;
use solver::pdb::{self, Geometry, NearOptimal, Partition, PdbTables, Provenance, WindowTables};
use solver::query::PuzzleSpec;
use solver::report::Moves;
use solver::search::cpu_clock::{thread_cpu_ms, ThreadCpuClock};
use solver::search::{Algorithm, Status};
use solver::search::{Control, Limits};
use solver::sliding::Dir;
use solver::Query;

const USAGE: &str = "usage: korf24pdb [--pdb-dir DIR] [--time-limit MS] [--max-bytes N] [--first N] \
[--data PATH] [--build-group I]

  --pdb-dir DIR    load the 5x5 tables from files in DIR, or build them and save them there
  --time-limit MS  the search's time per instance (default 700)
  --max-bytes N    the search's memory budget in bytes (default 88080384, the browser's 84 MiB)
  --first N        only the first N instances
  --data PATH      the instance file (default: the crate's copy); its blank-last column is used
  --cpu-clock      count the time limit in this thread's CPU time (Linux), not wall time: what an idle
                   machine would give, measured on a shared one
  --build-group I  only build table I (1 or 2) of the tables, print its time and exit (to measure
                   each group's time and peak memory apart, as the browser's helper workers build them)
  --staged         solve as the page and the CLI do (the staged solver, its answer improved with the
                   tables: `run::solve` with algo=staged), not by the near-optimal search alone";

struct Options {
    pdb_dir: Option<PathBuf>,
    time_limit_ms: u64,
    max_bytes: u64,
    first: usize,
    data: PathBuf,
    build_group: Option<usize>,
    cpu_clock: bool,
    staged: bool,
}

fn parse_args() -> Result<Options, String> {
    let mut options = Options {
        pdb_dir: None,
        time_limit_ms: 700,
        max_bytes: 84 << 20,
        first: usize::MAX,
        data: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/korf-felner50-24puzzle.tsv"),
        build_group: None,
        cpu_clock: false,
        staged: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .ok_or_else(|| format!("{name} needs a value\n{USAGE}"))
        };
        let number = |name: &str, v: &str| {
            v.parse::<u64>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("{name} needs a whole number of at least 1, not {v:?}"))
        };
        match arg.as_str() {
            "--pdb-dir" => options.pdb_dir = Some(PathBuf::from(value("--pdb-dir")?)),
            "--time-limit" => {
                options.time_limit_ms = number("--time-limit", &value("--time-limit")?)?
            }
            "--max-bytes" => options.max_bytes = number("--max-bytes", &value("--max-bytes")?)?,
            "--first" => {
                options.first = number("--first", &value("--first")?)? as usize;
            }
            "--data" => options.data = PathBuf::from(value("--data")?),
            "--cpu-clock" => options.cpu_clock = true,
            "--staged" => options.staged = true,
            "--build-group" => {
                options.build_group =
                    Some(number("--build-group", &value("--build-group")?)? as usize);
            }
            "-h" | "--help" => return Err(USAGE.to_string()),
            other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
        }
    }
    Ok(options)
}

/// The page's path: `run::solve` with the staged solver, whose improvement uses the tables in this process's
/// cache; its report as a `NearOptimal` (no weight).
fn staged(start: &[u8], control: &mut Control) -> Result<NearOptimal, pdb::PdbError> {
    let spec =
        PuzzleSpec::sliding(5, 5, start.to_vec(), None).map_err(|e| pdb::PdbError::BadBoard {
            what: "start",
            reason: e.to_string(),
        })?;
    let query = Query {
        algorithm: Some(Algorithm::Staged),
        ..Query::new(spec)
    };
    let report = solver::run::solve(&query, control);
    let moves = match &report.moves {
        Moves::Sliding(letters) if report.status == Status::Solved => {
            Some(letters.chars().filter_map(Dir::from_letter).collect())
        }
        _ => None,
    };
    Ok(NearOptimal {
        moves,
        lower_bound: report.lower_bound.unwrap_or(0) as u32,
        optimal: report.optimal,
        stop: (report.status != Status::Solved).then(|| {
            let said = report.said.first().cloned();
            (report.status, said.unwrap_or(solver::report::Said::Stopped))
        }),
        stats: report.stats,
        weight: None,
    })
}

/// Builds table `i` (from 1) of `partitions` alone and prints its size and time.
fn build_group(geometry: &Geometry, partitions: &[Partition], i: usize) -> Result<(), String> {
    let Some(part) = partitions.get(i.saturating_sub(1)) else {
        return Err(format!("--build-group takes 1 to {}", partitions.len()));
    };
    let started = Instant::now();
    let tables = PdbTables::build(geometry, part, |_| {});
    println!(
        "group {i} {:?}: {} bytes built in {:.0} ms",
        part.groups()[0],
        tables.memory_bytes(),
        started.elapsed().as_secs_f64() * 1000.0
    );
    Ok(())
}

/// The window tables of `partitions`, loaded from `--pdb-dir` or built (and saved there), each also put in this
/// process's cache, where the staged solver's improvement finds them; every smaller table built too.
fn window_tables(
    options: &Options,
    geometry: &Geometry,
    partitions: &[Partition],
) -> Result<WindowTables, String> {
    let started = Instant::now();
    let mut full = Vec::new();
    for part in partitions {
        let group_started = Instant::now();
        let tables = match &options.pdb_dir {
            Some(dir) => {
                let path = dir.join(format!("{}.pdb", pdb::partition_key(geometry, part)));
                let (tables, provenance) = pdb::load_or_build(&path, geometry, part, |_| {});
                let how = match provenance {
                    Provenance::Loaded => "loaded",
                    Provenance::Built { .. } => "built",
                };
                println!(
                    "group {:?}: {how} in {:.0} ms ({})",
                    part.groups()[0],
                    group_started.elapsed().as_secs_f64() * 1000.0,
                    path.display()
                );
                tables
            }
            None => PdbTables::build(geometry, part, |_| {}),
        };
        let tables = Arc::new(tables);
        pdb::cache::install_tables(Arc::clone(&tables));
        full.push(tables);
    }
    let mut tables = WindowTables::new(full).map_err(|e| e.to_string())?;
    tables.prepare_all().map_err(|e| e.to_string())?;
    println!(
        "tables: {} bytes, ready in {:.0} ms",
        tables.memory_bytes(),
        started.elapsed().as_secs_f64() * 1000.0
    );
    Ok(tables)
}

/// One instance's figures, for the summary.
struct Row {
    ratio: f64,
    over_lb: f64,
    ms: f64,
    cpu_ms: f64,
}

/// Solves `instance` within the options' budget, replays the answer and prints its line; the reason instead
/// when it is unsolved or does not replay.
fn solve_instance(
    options: &Options,
    tables: &mut WindowTables,
    instance: &instances::Instance,
    goal: &[u8],
) -> Result<Row, String> {
    let start = &instance.blank_last;
    let mut control = Control::new(Limits {
        time_limit_ms: Some(options.time_limit_ms),
        max_states: u64::MAX,
        ..Limits::default()
    })
    .with_max_bytes(options.max_bytes);
    if options.cpu_clock {
        let clock = ThreadCpuClock::start()
            .ok_or("--cpu-clock: this system does not tell a thread's CPU time")?;
        control = control.with_clock(clock);
    }
    let cpu_started = thread_cpu_ms();
    let clock = Instant::now();
    let found = if options.staged {
        staged(start, &mut control)
    } else {
        pdb::near_optimal_5x5(tables, start, goal, None, &mut control, |_, _| {})
    };
    let ms = clock.elapsed().as_secs_f64() * 1000.0;
    let cpu_ms = cpu_started
        .zip(thread_cpu_ms())
        .map_or(f64::NAN, |(a, b)| b - a);
    let found = found.map_err(|e| e.to_string())?;
    let Some(moves) = &found.moves else {
        return Err(format!("unsolved: {:?}", found.stop));
    };
    let letters: String = moves.iter().map(|d| d.letter()).collect();
    if let Err(e) = check_sliding(5, 5, start, goal, &letters) {
        return Err(format!("the answer does not replay: {e}"));
    }
    let len = moves.len() as f64;
    let ratio = len / instance.optimal as f64;
    let lb = found.lower_bound as f64;
    println!(
        "{:>4} {:>4} {:>4} {:>6.3} {:>4} {:>7.3} {:>7.0} {:>7.0} {:>10} {:>11.1} {:>7}",
        instance.id,
        moves.len(),
        instance.optimal,
        ratio,
        found.lower_bound,
        len / lb,
        ms,
        cpu_ms,
        found.stats.expanded,
        found.stats.peak_memory_bytes as f64 / (1 << 20) as f64,
        found
            .weight
            .map_or("-".to_string(), |w| format!("{:.2}", w as f64 / 100.0)),
    );
    Ok(Row {
        ratio,
        over_lb: len / lb,
        ms,
        cpu_ms,
    })
}

/// Prints the mean and worst of the rows' ratios and their total and slowest times.
fn print_summary(rows: &[Row]) {
    let column = |pick: fn(&Row) -> f64| rows.iter().map(pick).collect::<Vec<f64>>();
    let (ratios, over_lb) = (column(|r| r.ratio), column(|r| r.over_lb));
    let (times, cpu_times) = (column(|r| r.ms), column(|r| r.cpu_ms));
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    let worst = |v: &[f64]| v.iter().copied().fold(0.0, f64::max);
    println!(
        "{} solved: ratio to the optimum mean {:.3}, worst {:.3}; length / lower bound mean {:.3}, worst {:.3}; \
         time total {:.0} ms, slowest {:.0} ms; CPU total {:.0} ms, slowest {:.0} ms",
        ratios.len(),
        mean(&ratios),
        worst(&ratios),
        mean(&over_lb),
        worst(&over_lb),
        times.iter().sum::<f64>(),
        worst(&times),
        cpu_times.iter().sum::<f64>(),
        worst(&cpu_times)
    );
}

/// Everything before the instances run: the options, the instances, and the tables (or one table's build alone,
/// for `--build-group`, then `None`).
fn prepare() -> Result<Option<(Options, Vec<instances::Instance>, WindowTables)>, String> {
    let options = parse_args()?;
    let mut instances = instances::read(&options.data, 25)?;
    instances.truncate(options.first);
    let geometry = Geometry::new(5, 5).map_err(|e| e.to_string())?;
    let partitions = WindowTables::partitions().map_err(|e| e.to_string())?;
    if let Some(i) = options.build_group {
        build_group(&geometry, &partitions, i)?;
        return Ok(None);
    }
    let tables = window_tables(&options, &geometry, &partitions)?;
    Ok(Some((options, instances, tables)))
}

fn main() -> ExitCode {
    let (options, instances, mut tables) = match prepare() {
        Ok(Some(prepared)) => prepared,
        Ok(None) => return ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let goal: Vec<u8> = (1..25).chain([0]).collect();
    println!("  id  len  opt  ratio   LB  len/LB      ms  cpu ms   expanded  memory(MB)  weight");
    let mut rows = Vec::new();
    let mut failed = false;
    for instance in &instances {
        match solve_instance(&options, &mut tables, instance, &goal) {
            Ok(row) => rows.push(row),
            Err(message) => {
                println!("{:>4}  {message}", instance.id);
                failed = true;
            }
        }
    }
    print_summary(&rows);
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
