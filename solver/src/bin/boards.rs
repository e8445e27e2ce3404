//! `boards`: the staged solver with improvement on uniformly random boards of every size, and on the 50
//! Korf-Felner 24-puzzle instances against their known optima.
//!
//! ```text
//! cargo run --release -p solver --bin boards -- [--per-size N] [--seed S] [--time-limit MS] [--early-ms MS]
//!     [--cpu-clock] [--markdown] [--only 5x5,8x8] [--random-goals] [--max-states N] [--max-bytes N]
//!     [--pdb-cache DIR [--no-6666]] [--data PATH] [--no-24] [--list]
//! ```
//! One run per board, within the time limit (2 s by default), its answers read as the run reports them through
//! `Control::with_answer`. Per size (every square from 2x2 to 8x8, then the rectangles 3x8, 8x3, 4x7, 6x5, 2x8 and
//! 5x8): the mean Manhattan distance of the starts; the mean length of the best answer reported by the early mark
//! (100 ms of the run's clock by default) and of the final one; both over the Manhattan distance; the mean and
//! worst final length / the report's proven lower bound; the time to the first answer (mean and max) and to the
//! end of the run; after the table, per size, what the lower bound alone costs (`bound::sliding_lower_bound` on
//! each start, mean and max). Then the 24-puzzle set: length / optimum at the early mark and at the end, length /
//! lower bound, and the time to the first answer. Every answer goes through `solver::run::solve` (as the CLI and
//! the worker) and is replayed by the independent checker; exit code 1 if any board is unsolved or fails to
//! replay, 2 on bad usage. `--list` prints the boards' PUZZLE strings instead, to give the same boards to `solve`.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use solver::bound::sliding_lower_bound;
use solver::check::check_report;
use solver::instances;
use solver::query::PuzzleSpec;
use solver::search::cpu_clock::{thread_cpu_ms, ThreadCpuClock};
use solver::search::{Algorithm, Control, Limits, Status};
use solver::sliding::{shuffle_solvable, LargePuzzle, Manhattan, Shape};
use solver::{Heuristic, Puzzle, Query, Report};

/// The sizes run unless `--only` names others: every square, then the rectangles the big-board targets name.
const SIZES: [(u8, u8); 13] = [
    (2, 2),
    (3, 3),
    (4, 4),
    (5, 5),
    (6, 6),
    (7, 7),
    (8, 8),
    (3, 8),
    (8, 3),
    (4, 7),
    (6, 5),
    (2, 8),
    (5, 8),
];

#[derive(Parser, Debug)]
#[command(
    name = "boards",
    about = "The staged solver with improvement on random boards of every size and on the 24-puzzle set"
)]
struct Options {
    /// Random boards per size.
    #[arg(long, default_value_t = 20)]
    per_size: u64,
    /// The seed of the first board.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Each run's time budget in milliseconds: the staged solver's first answer, then its improvement.
    #[arg(long, alias = "improve-ms", default_value_t = 2000)]
    time_limit: u64,
    /// The early mark, in milliseconds of the run's clock: the length of the best answer reported by then.
    #[arg(long, default_value_t = 100)]
    early_ms: u64,
    /// Count the budget, and every time shown, in this thread's CPU time (Linux) rather than wall time: what an
    /// idle machine would give, measured on a shared one.
    #[arg(long)]
    cpu_clock: bool,
    /// Print the tables in markdown rather than aligned columns.
    #[arg(long)]
    markdown: bool,
    /// Every other board towards a random goal rather than the usual one (1..N then the blank).
    #[arg(long)]
    random_goals: bool,
    /// The most expansions of the improvement searches per board.
    #[arg(long, default_value_t = solver::search::DEFAULT_MAX_STATES)]
    max_states: u64,
    /// The memory budget of each run in bytes, as the page's worker sets one; none by default.
    #[arg(long)]
    max_bytes: Option<u64>,
    /// The 24-puzzle instance file.
    #[arg(long, default_value_os_t = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/korf-felner50-24puzzle.tsv"))]
    data: PathBuf,
    /// Skip the 24-puzzle set.
    #[arg(long)]
    no_24: bool,
    /// Before any board, ready the 5x5 pattern databases from this directory (built and kept there on first use),
    /// so that the staged solver's improvement uses them, as in a browser whose tables are ready; and the native
    /// 6-6-6-6 tables too, unless `--no-6666`.
    #[arg(long, value_name = "DIR")]
    pdb_cache: Option<PathBuf>,
    /// With `--pdb-cache`, leave out the native 6-6-6-6 5x5 tables (510 MB, minutes to build on first use),
    /// which the near-optimal search otherwise takes for goals with the blank in a corner: the 5x5 window
    /// tables alone, as in a browser.
    #[arg(long)]
    no_6666: bool,
    /// Solve in one thread, as the browser's worker does: on 5x5 with the tables, the beam then the tables' search
    /// share the time, instead of running side by side in two threads.
    #[arg(long)]
    one_thread: bool,
    /// Run only these sizes (WIDTHxHEIGHT, comma-separated, any board from 2x2 to 8x8) instead of the list.
    #[arg(long, value_delimiter = ',', value_parser = parse_shape)]
    only: Vec<Shape>,
    /// Print each board's PUZZLE string, one per line, and solve none: to give the same boards to `solve`.
    #[arg(long)]
    list: bool,
}

/// A WIDTHxHEIGHT size from 2x2 to 8x8.
fn parse_shape(text: &str) -> Result<Shape, String> {
    let (w, h) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("{text:?} is not WIDTHxHEIGHT, e.g. 5x5"))?;
    let side = |s: &str| {
        s.trim()
            .parse::<u8>()
            .ok()
            .filter(|n| (2..=8).contains(n))
            .ok_or_else(|| format!("{text:?}: each side is 2 to 8"))
    };
    Ok(Shape {
        width: side(w)?,
        height: side(h)?,
    })
}

/// One board's run, read from the answers it reported on the way and from its final report.
struct Run {
    /// When the first answer was reported, in ms of the run's clock, and its length.
    first_ms: f64,
    first_length: u64,
    /// The length of the best answer reported by the early mark, if one was.
    early_length: Option<u64>,
    /// The final answer's length, its proven lower bound and when the run ended.
    length: u64,
    lower_bound: u64,
    end_ms: f64,
    /// The Manhattan distance of the start to its goal.
    manhattan: u64,
}

/// The control of one run: the time limit and state budget of `options`, counted on this thread's CPU clock with
/// `--cpu-clock`.
fn control<'a>(options: &Options) -> Result<Control<'a>, String> {
    let control = Control::new(Limits {
        max_states: options.max_states,
        time_limit_ms: Some(options.time_limit),
        ..Limits::default()
    });
    let control = match options.max_bytes {
        Some(bytes) => control.with_max_bytes(bytes),
        None => control,
    };
    let control = match (options.one_thread, options.cpu_clock) {
        (true, _) => control,
        (false, false) => control.with_helper_thread(solver::search::clock::wall_clock),
        (false, true) => control.with_helper_thread(cpu_clock),
    };
    if !options.cpu_clock {
        return Ok(control);
    }
    let clock = ThreadCpuClock::start()
        .ok_or("--cpu-clock: this system does not tell a thread's CPU time")?;
    Ok(control.with_clock(clock))
}

/// A helper thread's CPU clock (`main` checked that the system tells one).
fn cpu_clock() -> Box<dyn solver::search::Clock> {
    match ThreadCpuClock::start() {
        Some(clock) => Box::new(clock),
        None => solver::search::clock::wall_clock(),
    }
}

/// Solves one board with the staged solver and improvement, replays the answer and checks it against its bound;
/// `Err` with what went wrong.
fn run(spec: PuzzleSpec, options: &Options) -> Result<Run, String> {
    let query = Query {
        algorithm: Some(Algorithm::Staged),
        ..Query::new(spec.clone())
    };
    // Every answer as reported: (ms of the run's clock, length), the first, then each shorter one.
    let mut answers: Vec<(f64, u64)> = Vec::new();
    let report: Report = {
        let mut control = control(options)?
            .with_answer(|r: &Report| answers.push((r.stats.elapsed_ms, r.length)));
        solver::run::solve(&query, &mut control)
    };
    if report.status != Status::Solved {
        return Err(format!("{}: {}", report.status.name(), report.message));
    }
    check_report(&spec, &report).map_err(|e| e.to_string())?;
    let &(first_ms, first_length) = answers.first().ok_or("no first answer was reported")?;
    let lower_bound = report.lower_bound.ok_or("no lower bound")?;
    if report.length < lower_bound {
        return Err(format!(
            "length {} below the lower bound {lower_bound}",
            report.length
        ));
    }
    let early_length = answers
        .iter()
        .filter(|&&(ms, _)| ms <= options.early_ms as f64)
        .map(|&(_, length)| length)
        .min();
    Ok(Run {
        first_ms,
        first_length,
        early_length,
        length: report.length,
        lower_bound,
        end_ms: report.stats.elapsed_ms,
        manhattan: manhattan(&spec)?,
    })
}

/// The Manhattan distance of the start to its goal, by the solver's own heuristic.
fn manhattan(spec: &PuzzleSpec) -> Result<u64, String> {
    let PuzzleSpec::Sliding {
        width,
        height,
        start,
        goal,
    } = spec
    else {
        return Err("not a sliding board".to_string());
    };
    let shape = Shape {
        width: *width,
        height: *height,
    };
    let puzzle = LargePuzzle::new(shape, start, goal).map_err(|e| e.to_string())?;
    Ok(u64::from(Manhattan::new(&puzzle).estimate(&puzzle.start())))
}

/// The milliseconds `sliding_lower_bound` takes on `spec`'s start, on the options' clock.
fn bound_ms(spec: &PuzzleSpec, options: &Options) -> Option<f64> {
    let PuzzleSpec::Sliding {
        width,
        height,
        start,
        goal,
    } = spec
    else {
        return None;
    };
    let shape = Shape {
        width: *width,
        height: *height,
    };
    let (wall, cpu) = (Instant::now(), thread_cpu_ms());
    std::hint::black_box(sliding_lower_bound(shape, start, goal));
    if options.cpu_clock {
        Some(thread_cpu_ms()? - cpu?)
    } else {
        Some(wall.elapsed().as_secs_f64() * 1e3)
    }
}

/// The clock the options count in, as the output names it.
fn clock_name(options: &Options) -> &'static str {
    if options.cpu_clock {
        "this thread's CPU time"
    } else {
        "wall time"
    }
}

/// The boards of one size: uniformly random solvable starts, the same for the same seed; with `--random-goals`
/// every other one towards a random goal.
fn boards(shape: Shape, options: &Options) -> Result<Vec<PuzzleSpec>, String> {
    let default_goal = shape.default_goal();
    let mut specs = Vec::new();
    for k in 0..options.per_size {
        let seed = options.seed.wrapping_add(k).wrapping_mul(0x9E37_79B9)
            ^ u64::from(shape.width) << 8
            ^ u64::from(shape.height);
        let goal = if options.random_goals && k % 2 == 1 {
            shuffle_solvable(shape, &default_goal, seed ^ 0x5EED).map_err(|e| e.to_string())?
        } else {
            default_goal.clone()
        };
        let start = shuffle_solvable(shape, &goal, seed).map_err(|e| e.to_string())?;
        let spec = PuzzleSpec::sliding(shape.width, shape.height, start, Some(goal))
            .map_err(|e| e.to_string())?;
        specs.push(spec);
    }
    Ok(specs)
}

/// [`boards`], or `None` after saying on stderr why this size has none.
fn boards_or_say(shape: Shape, options: &Options) -> Option<Vec<PuzzleSpec>> {
    boards(shape, options)
        .map_err(|why| eprintln!("{shape}: {why}"))
        .ok()
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
        f64::NAN
    } else {
        sum / n as f64
    }
}

fn max(values: impl Iterator<Item = f64>) -> f64 {
    values.fold(f64::NAN, f64::max)
}

/// A table printed as aligned columns or as markdown.
struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Table {
    fn print(&self, markdown: bool) {
        if markdown {
            println!("| {} |", self.header.join(" | "));
            println!("|{}", "---|".repeat(self.header.len()));
            for row in &self.rows {
                println!("| {} |", row.join(" | "));
            }
            return;
        }
        let widths: Vec<usize> = (0..self.header.len())
            .map(|i| {
                std::iter::once(&self.header)
                    .chain(&self.rows)
                    .map(|row| row[i].len())
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        for row in std::iter::once(&self.header).chain(&self.rows) {
            let cells: Vec<String> = row
                .iter()
                .zip(&widths)
                .map(|(cell, &width)| format!("{cell:>width$}"))
                .collect();
            println!("{}", cells.join("  "));
        }
    }
}

/// The size table's header, its times named by the options' clock and marks.
fn size_header(options: &Options) -> Vec<String> {
    let (early, end) = (
        format!("{} ms", options.early_ms),
        format!("{} ms", options.time_limit),
    );
    [
        "size".to_string(),
        "boards".to_string(),
        "Manhattan".to_string(),
        format!("len {early}"),
        format!("len {end}"),
        format!("len/MD {early}"),
        format!("len/MD {end}"),
        "len/LB mean".to_string(),
        "len/LB max".to_string(),
        "first ms mean".to_string(),
        "first ms max".to_string(),
        "end ms".to_string(),
    ]
    .to_vec()
}

/// One size's row; a `*` marks the early columns when some boards had no answer by the early mark (their mean is
/// then over the others).
fn size_row(shape: Shape, runs: &[Run]) -> Vec<String> {
    let early: Vec<&Run> = runs.iter().filter(|r| r.early_length.is_some()).collect();
    let star = if early.len() < runs.len() { "*" } else { "" };
    let early_length = |r: &&Run| r.early_length.unwrap_or(0);
    vec![
        shape.to_string(),
        runs.len().to_string(),
        format!("{:.1}", mean(runs.iter().map(|r| r.manhattan as f64))),
        format!(
            "{:.1}{star}",
            mean(early.iter().map(|r| early_length(r) as f64))
        ),
        format!("{:.1}", mean(runs.iter().map(|r| r.length as f64))),
        format!(
            "{:.3}{star}",
            mean(early.iter().map(|r| ratio(early_length(r), r.manhattan)))
        ),
        format!(
            "{:.3}",
            mean(runs.iter().map(|r| ratio(r.length, r.manhattan)))
        ),
        format!(
            "{:.3}",
            mean(runs.iter().map(|r| ratio(r.length, r.lower_bound)))
        ),
        format!(
            "{:.3}",
            max(runs.iter().map(|r| ratio(r.length, r.lower_bound)))
        ),
        format!("{:.2}", mean(runs.iter().map(|r| r.first_ms))),
        format!("{:.2}", max(runs.iter().map(|r| r.first_ms))),
        format!("{:.0}", mean(runs.iter().map(|r| r.end_ms))),
    ]
}

/// The sizes to run: `--only`'s, else every size of the list.
fn shapes(options: &Options) -> Vec<Shape> {
    if options.only.is_empty() {
        SIZES
            .iter()
            .map(|&(width, height)| Shape { width, height })
            .collect()
    } else {
        options.only.clone()
    }
}

/// Prints every size's boards as PUZZLE strings, one per line; the number of sizes whose boards failed.
fn list_sizes(options: &Options) -> usize {
    let mut failures = 0;
    for shape in shapes(options) {
        let Some(specs) = boards_or_say(shape, options) else {
            failures += 1;
            continue;
        };
        for spec in specs {
            println!("{}", Query::new(spec).to_query_string());
        }
    }
    failures
}

/// Runs every size's boards and prints their table; the number of boards that failed.
fn run_sizes(options: &Options) -> usize {
    let mut table = Table {
        header: size_header(options),
        rows: Vec::new(),
    };
    let (mut failures, mut late, mut bound_costs) = (0, Vec::new(), Vec::new());
    for shape in shapes(options) {
        let Some(specs) = boards_or_say(shape, options) else {
            failures += 1;
            continue;
        };
        let costs: Vec<f64> = specs.iter().filter_map(|s| bound_ms(s, options)).collect();
        bound_costs.push(format!(
            "{shape} {:.2} mean, {:.2} max",
            mean(costs.iter().copied()),
            max(costs.iter().copied())
        ));
        let mut runs = Vec::new();
        for spec in specs {
            let shown = Query::new(spec.clone()).to_query_string();
            match run(spec, options) {
                Ok(r) => runs.push(r),
                Err(why) => {
                    eprintln!("{shown}: {why}");
                    failures += 1;
                }
            }
        }
        let unanswered = runs.iter().filter(|r| r.early_length.is_none()).count();
        if unanswered > 0 {
            late.push(format!("{shape}: {unanswered} of {}", runs.len()));
        }
        table.rows.push(size_row(shape, &runs));
    }
    table.print(options.markdown);
    println!(
        "The lower bound's own time in ms of {}: {}",
        clock_name(options),
        bound_costs.join("; ")
    );
    if !late.is_empty() {
        println!(
            "* boards with no answer by {} ms (the early columns are over the others): {}",
            options.early_ms,
            late.join(", ")
        );
    }
    failures
}

/// Readies the 5x5 pattern databases from `--pdb-cache`, if given, and says where they came from.
fn prepare_tables(options: &Options) {
    let Some(dir) = &options.pdb_cache else {
        return;
    };
    let store = solver::pdb::disk::TableStore::Dir(dir.clone());
    match solver::pdb::disk::prepare_tables_5x5(&store, |_| {}) {
        Ok(Some(prepared)) => println!(
            "5x5 pattern databases: {}",
            prepared
                .describe()
                .unwrap_or_else(|| "in memory".to_string())
        ),
        Ok(None) => {}
        Err(why) => eprintln!("5x5 pattern databases: {why}"),
    }
    if options.no_6666 {
        return;
    }
    // Read at random, one entry per lookup, over 510 MB: huge pages spare the TLB misses, which a run of many
    // searches repays.
    solver::pdb::use_huge_pages(true);
    let prepared = solver::pdb::disk::prepare_tables_6666(&store, |_| {});
    solver::pdb::use_huge_pages(false);
    match prepared {
        Ok(Some(prepared)) => println!(
            "5x5 6-6-6-6 pattern databases: {}",
            prepared
                .describe()
                .unwrap_or_else(|| "in memory".to_string())
        ),
        Ok(None) => {}
        Err(why) => eprintln!("5x5 6-6-6-6 pattern databases: {why}"),
    }
}

/// Runs the 24-puzzle set and prints its line; the number of instances that failed.
fn run_24(options: &Options) -> usize {
    let set = match instances::read(&options.data, 25) {
        Ok(set) => set,
        Err(why) => {
            eprintln!("{why}");
            return 1;
        }
    };
    let mut failures = 0;
    let mut rows = Vec::new();
    for instance in &set {
        let spec = PuzzleSpec::sliding(5, 5, instance.blank_last.clone(), None);
        match spec
            .map_err(|e| e.to_string())
            .and_then(|s| run(s, options))
        {
            Ok(r) => rows.push((r, instance.optimal)),
            Err(why) => {
                eprintln!("24-puzzle instance {}: {why}", instance.id);
                failures += 1;
            }
        }
    }
    let early: Vec<_> = rows
        .iter()
        .filter(|(r, _)| r.early_length.is_some())
        .collect();
    println!(
        "24-puzzle set ({} of {}): length / optimum mean {:.3}, worst {:.3}; at {} ms mean {:.3} ({} answered); \
         first answer / optimum mean {:.3}; length / LB mean {:.3}; first answer ms mean {:.2}, max {:.2}; \
         end ms mean {:.0}",
        rows.len(),
        set.len(),
        mean(rows.iter().map(|(r, opt)| ratio(r.length, *opt))),
        max(rows.iter().map(|(r, opt)| ratio(r.length, *opt))),
        options.early_ms,
        mean(early.iter().map(|(r, opt)| ratio(r.early_length.unwrap_or(0), *opt))),
        early.len(),
        mean(rows.iter().map(|(r, opt)| ratio(r.first_length, *opt))),
        mean(rows.iter().map(|(r, _)| ratio(r.length, r.lower_bound))),
        mean(rows.iter().map(|(r, _)| r.first_ms)),
        max(rows.iter().map(|(r, _)| r.first_ms)),
        mean(rows.iter().map(|(r, _)| r.end_ms)),
    );
    failures
}

fn main() -> ExitCode {
    let options = Options::parse();
    if options.cpu_clock && ThreadCpuClock::start().is_none() {
        eprintln!("--cpu-clock: this system does not tell a thread's CPU time");
        return ExitCode::from(2);
    }
    if options.list {
        return match list_sizes(&options) {
            0 => ExitCode::SUCCESS,
            _ => ExitCode::FAILURE,
        };
    }
    let clock = clock_name(&options);
    println!(
        "{} boards per size, seed {}, {} ms each, times in ms of {clock}",
        options.per_size, options.seed, options.time_limit
    );
    prepare_tables(&options);
    let mut failures = run_sizes(&options);
    if !options.no_24 {
        failures += run_24(&options);
    }
    if failures > 0 {
        eprintln!("{failures} board(s) failed");
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
