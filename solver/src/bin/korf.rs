//! `korf`: solves Korf's 100 random 15-puzzle instances optimally and checks every answer.
//!
//! ```text
//! cargo run --release -p solver --bin korf -- [--goal blank-first|blank-last] [--tables 7-8|6-6-3]
//!     [--pdb-file PATH] [--pdb-cache DIR] [--no-pdb-cache] [--first N] [--manhattan] [--no-reflection]
//!     [--threads N] [--time-limit MS] [--data PATH]
//! ```
//! The pattern databases (7-8 unless told otherwise: built once on every core, in minutes, then read in
//! about a second) are kept in the user's cache directory, as `solve` keeps them, unless told otherwise.
//! Prints one line per instance (id, length, expected length, nodes expanded, milliseconds) and the
//! totals. Each length is compared with the file's, and each move list is replayed by the crate's
//! independent checker; any mismatch makes the exit code 1 (bad usage or data: 2).

use clap::{ArgAction, Parser, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use solver::check::check_sliding;
use solver::instances::{self, Instance};
use solver::pdb::disk::{Prepared, TableStore, TablesSource};
use solver::pdb::{
    load_or_else, partition_key, seven_eight_partition, solve_idastar, solve_manhattan, Geometry,
    Partition, Pdb, PdbTables,
};
use solver::search::cpu_clock::thread_cpu_ms;
use solver::search::{Control, Limits, Status};
use solver::sliding::moves_to_string;

/// Which goal convention of the data file to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum GoalKind {
    BlankFirst,
    BlankLast,
}

/// Which pattern databases to search with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum TableChoice {
    /// 7 + 8 tiles, 577 MB (native only)
    #[value(name = "7-8")]
    SevenEight,
    /// 6 + 6 + 3 tiles, 11.5 MB (the browser's)
    #[value(name = "6-6-3")]
    SixSixThree,
}

/// The command line, read by clap.
#[derive(Debug, Parser)]
#[command(
    name = "korf",
    about = "korf: solves Korf's 100 random 15-puzzle instances optimally and checks every answer.",
    disable_version_flag = true,
    disable_help_flag = true
)]
struct Options {
    /// blank-first: goal 0,1,...,15 (Korf's); blank-last: goal 1,...,15,0
    #[arg(long, value_enum, default_value_t = GoalKind::BlankLast)]
    goal: GoalKind,
    /// the pattern databases
    #[arg(long, value_enum, default_value_t = TableChoice::SevenEight)]
    tables: TableChoice,
    /// load the pattern databases from PATH, or build them and save them there
    #[arg(long, value_name = "PATH", conflicts_with = "pdb_cache")]
    pdb_file: Option<PathBuf>,
    /// keep the pattern databases in DIR (default: $PUZZLE_LAB_CACHE, else
    /// $XDG_CACHE_HOME/puzzle-lab, else ~/.cache/puzzle-lab)
    #[arg(long, value_name = "DIR", verbatim_doc_comment)]
    pdb_cache: Option<PathBuf>,
    /// build the pattern databases in this process only: read and write no cache
    #[arg(long, conflicts_with_all = ["pdb_cache", "pdb_file"])]
    no_pdb_cache: bool,
    /// only the first N instances
    #[arg(long, value_name = "N", default_value_t = usize::MAX, hide_default_value = true)]
    first: usize,
    /// IDA* with Manhattan distance instead of the pattern databases (slow: use --first)
    #[arg(long)]
    manhattan: bool,
    /// pattern databases without the reflected lookup
    #[arg(long = "no-reflection", action = ArgAction::SetFalse)]
    reflection: bool,
    /// build the pattern databases' groups and solve N instances at a time;
    /// search times are per instance either way
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = at_least_one, verbatim_doc_comment)]
    threads: usize,
    /// give up an instance after MS milliseconds (it then counts as a mismatch)
    #[arg(long = "time-limit", value_name = "MS")]
    time_limit_ms: Option<u64>,
    /// the instance file (default: solver/data/korf100.tsv, a copy of the shared data)
    #[arg(long, value_name = "PATH", hide_default_value = true,
          default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/data/korf100.tsv"))]
    data: PathBuf,
    /// print this help
    #[arg(short, long, action = ArgAction::Help)]
    help: Option<bool>,
}

/// A count of at least 1.
fn at_least_one(value: &str) -> Result<usize, String> {
    match value.parse() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("'{value}' is not a count of at least 1")),
    }
}

/// One solved (or failed) instance.
#[derive(Debug, Clone)]
struct Solved {
    id: u32,
    length: Option<u64>,
    expected: u64,
    nodes: u64,
    ms: f64,
    cpu_ms: Option<f64>,
    problem: Option<String>,
}

fn read_instances(options: &Options) -> Result<Vec<Instance>, String> {
    let mut instances = instances::read(&options.data, 16)?;
    instances.truncate(options.first);
    Ok(instances)
}

/// Builds the tables, one thread per group when `threads` > 1 (on one thread with a progress line).
fn build_tables(geometry: &Geometry, partition: &Partition, threads: usize) -> PdbTables {
    if threads <= 1 {
        let mut shown = -1i32;
        let tables = PdbTables::build(geometry, partition, |f| {
            let percent = (f * 100.0) as i32;
            if percent / 10 != shown / 10 {
                shown = percent;
                eprint!("\rbuilding pattern databases: {percent:3}%");
            }
        });
        eprintln!();
        return tables;
    }
    eprintln!("building pattern databases, one thread per group");
    let parts: Vec<PdbTables> = std::thread::scope(|scope| {
        let handles: Vec<_> = partition
            .split()
            .into_iter()
            .map(|part| scope.spawn(move || PdbTables::build(geometry, &part, |_| {})))
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok()).collect()
    });
    PdbTables::combine(parts).unwrap_or_else(|_| PdbTables::build(geometry, partition, |_| {}))
}

/// Builds the 7-8 tables on every core, with a progress line (percent of placements reached, seconds).
fn build_large_tables(geometry: &Geometry, partition: &Partition) -> PdbTables {
    let started = Instant::now();
    let mut shown = -1i32;
    eprintln!("building the 7-8 pattern databases on every core (once; they are kept on disk)");
    let tables = PdbTables::build(geometry, partition, |f| {
        let percent = (f * 100.0) as i32;
        if percent != shown {
            shown = percent;
            eprint!(
                "\rbuilding pattern databases: {percent:3}% ({:.0} s)",
                started.elapsed().as_secs_f64()
            );
        }
    });
    eprintln!();
    tables
}

/// Builds or loads the pattern databases for `goal`, reporting how and how long.
fn prepare_pdb(
    options: &Options,
    geometry: &Geometry,
    goal: &[u8],
) -> Result<(Pdb, f64, &'static str), String> {
    let started = Instant::now();
    let mut how_done = "built";
    let blank = goal.iter().position(|&t| t == 0).unwrap_or(0) as u8;
    let partition = match options.tables {
        TableChoice::SevenEight => seven_eight_partition(blank),
        TableChoice::SixSixThree => Partition::default_for(geometry, blank),
    }
    .map_err(|e| e.to_string())?;
    let build = || match options.tables {
        TableChoice::SevenEight => build_large_tables(geometry, &partition),
        TableChoice::SixSixThree => build_tables(geometry, &partition, options.threads),
    };
    let store = TableStore::choose(
        options.pdb_file.clone(),
        options.pdb_cache.clone(),
        options.no_pdb_cache,
    );
    let tables = match store.path(&partition_key(geometry, &partition)) {
        Some(path) => {
            let (tables, how) = load_or_else(&path, geometry, &partition, build);
            let prepared = Prepared::from_file(path, how);
            if let Some(line) = prepared.describe() {
                eprintln!("{line}");
            }
            if prepared.source == TablesSource::Disk {
                how_done = "loaded from the file";
            }
            tables
        }
        None => build(),
    };
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    let mut pdb = Pdb::new(Arc::new(tables), goal).map_err(|e| e.to_string())?;
    if !options.reflection {
        pdb = pdb.without_reflections();
    }
    Ok((pdb, ms, how_done))
}

fn solve_one(
    instance: &Instance,
    goal: &[u8],
    options: &Options,
    pdb: Option<&Pdb>,
    geometry: &Geometry,
) -> Solved {
    let start = match options.goal {
        GoalKind::BlankFirst => &instance.blank_first,
        GoalKind::BlankLast => &instance.blank_last,
    };
    let mut control = Control::new(Limits {
        time_limit_ms: options.time_limit_ms,
        ..Limits::default()
    });
    let cpu_started = thread_cpu_ms();
    let started = Instant::now();
    let outcome = match pdb {
        Some(pdb) => solve_idastar(pdb, start, &mut control),
        None => solve_manhattan(geometry, start, goal, &mut control),
    };
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    let cpu_ms = cpu_started.zip(thread_cpu_ms()).map(|(a, b)| b - a);
    let mut solved = Solved {
        id: instance.id,
        length: None,
        expected: instance.optimal,
        nodes: outcome.stats.expanded,
        ms,
        cpu_ms,
        problem: None,
    };
    if outcome.status != Status::Solved {
        solved.problem = Some(format!(
            "not solved ({}): {}",
            outcome.status.name(),
            outcome.message()
        ));
        return solved;
    }
    solved.length = Some(outcome.length);
    let letters = moves_to_string(&outcome.moves);
    if let Err(e) = check_sliding(4, 4, start, goal, &letters) {
        solved.problem = Some(format!("the solution does not replay: {e}"));
    } else if outcome.length != instance.optimal {
        solved.problem = Some(format!(
            "length {} but the file says {}",
            outcome.length, instance.optimal
        ));
    }
    solved
}

fn print_row(s: &Solved) {
    let length = s.length.map_or("-".to_string(), |l| l.to_string());
    let flag = s
        .problem
        .as_deref()
        .map_or(String::new(), |p| format!("  MISMATCH: {p}"));
    let cpu = s.cpu_ms.map_or("-".to_string(), |c| format!("{c:.1}"));
    println!(
        "{:>4} {:>6} {:>8} {:>14} {:>10.1} {:>10}{flag}",
        s.id, length, s.expected, s.nodes, s.ms, cpu
    );
}

fn run() -> Result<bool, String> {
    let options = Options::parse();
    // A hundred searches gain more from huge pages than reading the tables into them costs.
    solver::pdb::use_huge_pages(true);
    let instances = read_instances(&options)?;
    let geometry = Geometry::fifteen();
    let goal: Vec<u8> = match options.goal {
        GoalKind::BlankFirst => (0..16).collect(),
        GoalKind::BlankLast => (1..16).chain([0]).collect(),
    };
    let (pdb, pdb_ms, pdb_how) = if options.manhattan {
        (None, 0.0, "not used")
    } else {
        let (pdb, ms, how) = prepare_pdb(&options, &geometry, &goal)?;
        (Some(pdb), ms, how)
    };
    let heuristic = match &pdb {
        None => "manhattan".to_string(),
        Some(p) => {
            let name = p.tables().partition().name();
            let reflection = if p.view_count() > 1 {
                " + reflection"
            } else {
                ""
            };
            format!("pdb ({name}{reflection})")
        }
    };
    println!(
        "# goal {:?}, heuristic {heuristic}, {} thread(s)",
        options.goal, options.threads
    );
    println!(
        "{:>4} {:>6} {:>8} {:>14} {:>10} {:>10}",
        "id", "length", "expected", "nodes", "ms", "cpu ms"
    );
    let wall = Instant::now();
    let results: Vec<Solved> = if options.threads <= 1 {
        instances
            .iter()
            .map(|inst| {
                let s = solve_one(inst, &goal, &options, pdb.as_ref(), &geometry);
                print_row(&s);
                s
            })
            .collect()
    } else {
        let next = AtomicUsize::new(0);
        let mut all: Vec<Solved> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..options.threads)
                .map(|_| {
                    scope.spawn(|| {
                        let mut mine = Vec::new();
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            let Some(inst) = instances.get(i) else { break };
                            mine.push(solve_one(inst, &goal, &options, pdb.as_ref(), &geometry));
                        }
                        mine
                    })
                })
                .collect();
            workers
                .into_iter()
                .flat_map(|w| w.join().unwrap_or_default())
                .collect()
        });
        all.sort_by_key(|s| s.id);
        all.iter().for_each(print_row);
        all
    };
    let wall_ms = wall.elapsed().as_secs_f64() * 1000.0;
    let nodes: u64 = results.iter().map(|s| s.nodes).sum();
    let search_ms: f64 = results.iter().map(|s| s.ms).sum();
    let cpu_ms: Option<f64> = results.iter().map(|s| s.cpu_ms).sum();
    let failures = results.iter().filter(|s| s.problem.is_some()).count();
    println!(
        "total: {} instances, {} optimal and checked, {failures} mismatches",
        results.len(),
        results.len() - failures
    );
    println!("nodes expanded: {nodes}");
    println!("search time: {search_ms:.0} ms (sum over instances; wall clock of the run {wall_ms:.0} ms)");
    if let Some(cpu) = cpu_ms {
        println!(
            "search CPU time: {cpu:.0} ms ({:.1} M nodes/s of CPU)",
            if cpu > 0.0 {
                nodes as f64 / cpu / 1000.0
            } else {
                0.0
            }
        );
    }
    println!("pattern databases: {pdb_ms:.0} ms ({})", pdb_how);
    Ok(failures == 0 && results.len() == instances.len())
}

fn main() -> ExitCode {
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(message) => {
            eprintln!("korf: {message}");
            ExitCode::from(2)
        }
    }
}
