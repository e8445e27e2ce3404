//! `solve`, the native command line: reads a PUZZLE (or, with `--batch`, one per line of standard input),
//! solves it with `solver::run::solve`, and prints a readable report or one JSON object per puzzle.
//!
//! JSON objects always have the same keys: `status`, `length`, `moves`, `optimal`, `algorithm`,
//! `heuristic`, `stats`, `message`, `tables` (where the pattern databases came from and how long that
//! took, apart from the search's `stats.elapsed_ms`; `null` without them), and `lower_bound` (a proven
//! bound on the shortest length) when one is known for a solved puzzle. `moves` is the U/D/L/R
//! string (sliding) or the `[from, to]` pairs (Hanoi); it is empty when there is no solution, and `null`
//! when a direct solver's list is over its listing cap or the puzzle could not be read at all (then
//! `algorithm` is `null` too). The command line is read by clap; its errors are answered in the
//! format asked for (a JSON object with `--json`).

use clap::{ArgAction, Parser};
use solver::hanoi::{self, HanoiMove};
use solver::numbers::{bytes, count};
use solver::pdb::{self, disk::TableStore};
use solver::query::{self, PuzzleSpec};
use solver::report::Tables;
use solver::run;
use solver::search::weighted::Weight;
use solver::search::{
    Algorithm, Control, Flow, Limits, Stats, Status, DEFAULT_DFS_DEPTH, DEFAULT_MAX_STATES,
};
use solver::sliding::{self, Dir, Shape};
use solver::spec::{self, Choice};
use solver::{HeuristicName, Moves, Query, Report};
use std::ffi::OsString;
use std::fmt::{self, Write as _};
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// The help's layout: the sections of the hand-written help this binary always had.
const HELP_TEMPLATE: &str =
    "{about}\n\nUSAGE:\n    {usage}\n\n{before-help}OPTIONS:\n{options}{after-help}";

/// The PUZZLE section of the help, with the limits the crate really uses.
fn puzzle_help() -> String {
    format!(
        "\
PUZZLE is the query string of the app's share URL, with or without a leading '?', or the whole URL.
Quote it: '&' means something to the shell.
    'puzzle=sliding&size=3x3&start=8,6,7,2,5,4,3,0,1&goal=1,2,3,4,5,6,7,8,0&algo=astar&heuristic=manhattan'
    'puzzle=hanoi&pegs=3&disks=4&start=0,0,0,0&goal=2,2,2,2&algo=bfs'
Keys: puzzle (sliding|hanoi); size=WIDTHxHEIGHT ({min_side} to {max_side} each) for sliding; pegs ({min_pegs} to {max_pegs}) and disks
({min_disks} to {max_disks}; searches take up to {search_disks}, algo=direct more) for hanoi; start and goal (sliding: the tiles
row-major, 0 the blank; hanoi: the peg of each disk from 0, smallest disk first); goal may be left
out (sliding: 1,2,...,N-1,0; hanoi: every disk on the last peg); algo; heuristic; weight (algo=weighted
only: w in f = g + w*h, {min_weight} to {max_weight}, default {weight}).",
        min_side = query::MIN_SIDE,
        max_side = query::MAX_SIDE,
        min_pegs = query::MIN_PEGS,
        max_pegs = query::MAX_PEGS,
        min_disks = query::MIN_DISKS,
        max_disks = query::MAX_DISKS,
        search_disks = query::MAX_SEARCH_DISKS,
        min_weight = Weight::MIN,
        max_weight = Weight::MAX,
        weight = Weight::DEFAULT,
    )
}

/// The help after the options: output and exit status.
const OUTPUT_HELP: &str = "\
Options may also be written --name=value. Flags override the query's algo, heuristic and weight.

OUTPUT:
    The readable report draws the start and goal, lists the moves in words (the first 200), and
    tabulates the statistics. JSON: {\"status\", \"length\", \"moves\", \"optimal\", \"algorithm\",
    \"heuristic\", \"stats\": {\"expanded\", \"generated\", \"max_open\", \"closed\", \"duplicates\",
    \"peak_memory_bytes\", \"elapsed_ms\", \"by_depth\"}, \"message\", \"tables\"}; tables is
    {\"source\", \"ms\", \"name\"}: where the pattern databases came from (built, disk or memory), how
    long that took, apart from the search's elapsed_ms, and which they are (6-6-3, 7-8, ...; null
    without them). Status is solved, unsolvable,
    limit, cancelled or invalid. Sliding moves are U/D/L/R, the direction the BLANK moves; Hanoi
    moves are [from, to] peg pairs, pegs from 0; no solution gives an empty list, and a list left
    out (over a direct solver's cap, or a PUZZLE that could not be read) gives null.

EXIT STATUS:
    0  every puzzle was answered (solved, unsolvable, limit or cancelled)
    1  the output or the input could not be written or read
    2  invalid input: a bad option, or a PUZZLE that is not valid (in --batch: any line)";

/// How many moves the readable report lists before it summarises the rest.
const LISTED_MOVES: usize = 200;

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    // Known before parsing, so that even a bad option is answered in the format asked for.
    let json = args.iter().skip(1).any(|a| a == "--json");
    let options = match Options::read(args) {
        Ok(options) => options,
        Err(Refusal::Help(help)) => {
            print!("{help}");
            return ExitCode::SUCCESS;
        }
        Err(Refusal::Invalid(message)) => return refuse_arguments(&message, json),
    };

    let mut out = io::stdout().lock();
    let result = match &options.puzzle {
        Some(puzzle) => solve_one(puzzle, &options, &mut out),
        None => solve_batch(&options, io::stdin().lock(), &mut out),
    };
    match result {
        Ok(code) => code,
        // A closed pipe (`solve ... | head`) is the reader's choice, not a failure.
        Err(Failure::Write(error)) if error.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(failure) => {
            eprintln!("solve: {failure}");
            ExitCode::from(IO_FAILED)
        }
    }
}

/// The exit code for invalid input.
const INVALID: u8 = 2;
/// The exit code when standard input or output fails.
const IO_FAILED: u8 = 1;

fn refuse_arguments(message: &str, json: bool) -> ExitCode {
    if json {
        let one_line: Vec<&str> = message.lines().map(str::trim).collect();
        let answer = Answer::invalid(one_line.join("; "));
        // If even this cannot be written there is nothing more to say; the exit code still tells.
        let _ = writeln!(io::stdout().lock(), "{}", answer.to_json());
    } else {
        eprintln!("solve: {message}\nRun 'solve --help' for the options and the PUZZLE format.");
    }
    ExitCode::from(INVALID)
}

/// The command line, read.
#[derive(Debug, Parser)]
#[command(
    name = "solve",
    about = "solve: solves a sliding-tile puzzle or a Tower of Hanoi given as a PUZZLE query string.",
    override_usage = "solve [OPTIONS] PUZZLE\n    solve --batch [OPTIONS] < puzzles.txt",
    help_template = HELP_TEMPLATE,
    before_help = puzzle_help(),
    after_help = OUTPUT_HELP,
    disable_help_flag = true,
    disable_version_flag = true
)]
struct Options {
    #[arg(long = "algo", value_name = "A", value_parser = parse_algorithm, help = format!(
        "bfs, bibfs, dfs, astar, idastar, greedy, weighted, staged or direct (default: the\nquery's, else the page's per size: astar up to 12 cells but 2x6 and 6x2, idastar with\npdb there and on 4x4, staged above; {} for towers)",
        spec::DEFAULT_ALGORITHM
    ))]
    algorithm: Option<Algorithm>,
    /// misplaced, manhattan, linear-conflict, pdb (sliding); misplaced, exact, seed-power
    /// (hanoi). Default: the query's, else the per-size choice above, else linear-conflict
    /// (sliding) or exact (hanoi)
    #[arg(long, value_name = "H", value_parser = parse_heuristic, verbatim_doc_comment)]
    heuristic: Option<HeuristicName>,
    #[arg(long, value_name = "N", value_parser = parse_positive, help = format!(
        "the most states a search may hold (default {DEFAULT_MAX_STATES}); past it: status limit"
    ))]
    max_states: Option<u64>,
    /// stop after MS milliseconds with status limit (default: none)
    #[arg(long = "time-limit", value_name = "MS", value_parser = parse_positive)]
    time_limit_ms: Option<u64>,
    #[arg(long, value_name = "D", value_parser = parse_depth, help = format!(
        "the depth bound of dfs (default {DEFAULT_DFS_DEPTH})"
    ))]
    depth: Option<u32>,
    #[arg(long, value_name = "W", value_parser = parse_weight, help = format!(
        "the weight of weighted A*, a decimal from {} to {} (default: the query's, else {});\n\
         its solution is at most W x the shortest. Alone it selects --algo weighted.\n\
         Optimal solving of 5x5 and larger boards can take days: use weighted there",
        Weight::MIN, Weight::MAX, Weight::DEFAULT
    ))]
    weight: Option<Weight>,
    /// with --heuristic pdb: keep the pattern databases in DIR (default: $PUZZLE_LAB_CACHE,
    /// else $XDG_CACHE_HOME/puzzle-lab, else ~/.cache/puzzle-lab), so that only the first run
    /// builds them (about 3 s for 4x4); a damaged or outdated file there is rebuilt
    #[arg(long, value_name = "DIR", verbatim_doc_comment)]
    pdb_cache: Option<PathBuf>,
    /// build the pattern databases in this process only: read and write no cache
    #[arg(long, conflicts_with_all = ["pdb_cache", "pdb_file"])]
    no_pdb_cache: bool,
    /// with --heuristic pdb: load the pattern databases from the file PATH, or build them and
    /// save them there (instead of the cache directory)
    #[arg(
        long,
        value_name = "PATH",
        conflicts_with = "pdb_cache",
        verbatim_doc_comment
    )]
    pdb_file: Option<PathBuf>,
    /// with --heuristic pdb on 4x4: use the 7-8 pattern databases, building them if they are not
    /// kept yet (once: minutes on every core, 1.6 GB of memory, 577 MB on disk). Without it, a
    /// --batch uses the 7-8 tables when they are already kept, and a single PUZZLE the 6-6-3
    /// (read back in tens of milliseconds, where the 7-8 take about a second)
    #[arg(long = "pdb-78", verbatim_doc_comment)]
    pdb_78: bool,
    /// print one JSON object instead of the readable report
    #[arg(long)]
    json: bool,
    /// read one PUZZLE per line of standard input and answer each in turn, in order;
    /// blank lines are skipped, every other line is answered (a bad one with status
    /// invalid, and the batch goes on). Use it with --json for one object per line
    #[arg(long, verbatim_doc_comment)]
    batch: bool,
    /// print this help
    #[arg(short, long, action = ArgAction::Help)]
    help: Option<bool>,
    /// The PUZZLE arguments as given: exactly one unless --batch (checked after parsing, to say
    /// which mistake was made).
    #[arg(value_name = "PUZZLE", hide = true)]
    puzzles: Vec<String>,
    /// The PUZZLE argument; `None` in batch mode.
    #[arg(skip)]
    puzzle: Option<String>,
}

/// Why a command line is not run: a request for help, or a mistake (in clap's words or ours).
#[derive(Debug)]
enum Refusal {
    Help(String),
    Invalid(String),
}

/// Mistakes that clap cannot see: they depend on several arguments at once.
#[derive(Debug, Clone, PartialEq, Eq)]
enum ArgError {
    /// `--weight` with an algorithm other than weighted.
    WeightWithoutWeighted(Algorithm),
    NoPuzzle,
    TwoPuzzles,
    PuzzleWithBatch,
}

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgError::WeightWithoutWeighted(algorithm) => write!(
                f,
                "--weight is for --algo weighted, not {algorithm}: drop one of them"
            ),
            ArgError::NoPuzzle => write!(
                f,
                "no PUZZLE given: pass one such as 'puzzle=sliding&size=3x3&start=8,6,7,2,5,4,3,0,1', or use --batch to read them from standard input"
            ),
            ArgError::TwoPuzzles => write!(
                f,
                "more than one PUZZLE given: quote the PUZZLE ('&' splits commands in the shell), or use --batch for many"
            ),
            ArgError::PuzzleWithBatch => {
                write!(f, "--batch reads the puzzles from standard input: give no PUZZLE argument with it")
            }
        }
    }
}

impl Options {
    /// Reads the command line (`args` starts with the program's name).
    fn read(args: Vec<OsString>) -> Result<Options, Refusal> {
        let mut options = match Options::try_parse_from(args) {
            Ok(options) => options,
            Err(error) if error.kind() == clap::error::ErrorKind::DisplayHelp => {
                return Err(Refusal::Help(error.render().to_string()))
            }
            Err(error) => return Err(Refusal::Invalid(clap_message(&error))),
        };
        options
            .check()
            .map_err(|e| Refusal::Invalid(e.to_string()))?;
        Ok(options)
    }

    /// The checks across arguments; takes the one PUZZLE out of `puzzles`.
    fn check(&mut self) -> Result<(), ArgError> {
        match self.algorithm {
            Some(algorithm) if self.weight.is_some() && algorithm != Algorithm::Weighted => {
                return Err(ArgError::WeightWithoutWeighted(algorithm));
            }
            _ => {}
        }
        let mut puzzles = std::mem::take(&mut self.puzzles).into_iter();
        self.puzzle = puzzles.next();
        if puzzles.next().is_some() {
            return Err(ArgError::TwoPuzzles);
        }
        match (self.batch, self.puzzle.is_some()) {
            (true, true) => Err(ArgError::PuzzleWithBatch),
            (false, false) => Err(ArgError::NoPuzzle),
            _ => Ok(()),
        }
    }

    fn limits(&self) -> Limits {
        let defaults = Limits::default();
        Limits {
            max_states: self.max_states.unwrap_or(defaults.max_states),
            time_limit_ms: self.time_limit_ms.or(defaults.time_limit_ms),
            max_depth: self.depth.unwrap_or(defaults.max_depth),
        }
    }
}

/// Clap's account of a mistake, without its "error:" prefix and its usage footer (the refusal
/// points to --help instead); its tips are kept.
fn clap_message(error: &clap::Error) -> String {
    let text = error.render().to_string();
    let text = text.split("\nUsage:").next().unwrap_or(&text);
    let text = text.strip_prefix("error: ").unwrap_or(text);
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .collect();
    lines.join("\n")
}

/// Algorithm and heuristic names as in the PUZZLE format (and with its error messages).
fn parse_algorithm(value: &str) -> Result<Algorithm, String> {
    let value = value.trim();
    Algorithm::from_name(&value.to_ascii_lowercase())
        .ok_or_else(|| query::QueryError::UnknownAlgorithm(value.to_string()).to_string())
}

fn parse_heuristic(value: &str) -> Result<HeuristicName, String> {
    let value = value.trim();
    HeuristicName::from_name(&value.to_ascii_lowercase())
        .ok_or_else(|| query::QueryError::UnknownHeuristic(value.to_string()).to_string())
}

fn parse_weight(value: &str) -> Result<Weight, String> {
    value.trim().parse().map_err(|e| format!("{e}"))
}

/// A whole number; `_` may group digits (`1_000_000`).
fn parse_number(value: &str) -> Result<u64, String> {
    let value = value.trim();
    let bad = || format!("'{value}' is not a whole number");
    let digits: String = value.chars().filter(|&c| c != '_').collect();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    digits.parse().map_err(|_| bad())
}

fn parse_positive(value: &str) -> Result<u64, String> {
    match parse_number(value)? {
        0 => Err("it must be at least 1".to_string()),
        n => Ok(n),
    }
}

fn parse_depth(value: &str) -> Result<u32, String> {
    let depth = parse_number(value)?;
    u32::try_from(depth).map_err(|_| format!("{depth} is too deep: at most {}", u32::MAX))
}

/// One puzzle's answer: the query as run (when it could be read) and the report.
struct Answer {
    query: Option<Query>,
    report: Report,
    /// The pattern databases' part, when the search used them.
    tables: Option<Tables>,
}

impl Answer {
    /// An answer to input that could not be read as a puzzle at all.
    fn invalid(message: String) -> Answer {
        Answer {
            query: None,
            report: solver::report::invalid(spec::DEFAULT_ALGORITHM, message),
            tables: None,
        }
    }

    fn is_invalid(&self) -> bool {
        self.report.status == Status::Invalid
    }

    fn to_json(&self) -> String {
        let kind = self.query.as_ref().map(|q| q.puzzle.kind());
        solver::report::to_json(&self.report, kind, self.tables.clone())
    }
}

/// Reads `text` as a PUZZLE, lays the flags over it, and solves it within the flags' limits.
fn answer(text: &str, options: &Options, show_progress: bool) -> Answer {
    let query = match query::parse(text)
        .and_then(|q| q.with_overrides(options.algorithm, options.heuristic))
        .and_then(|q| q.with_weight(options.weight))
    {
        Ok(query) => query,
        Err(error) => return Answer::invalid(error.to_string()),
    };
    // The tables are readied before the search's clock starts, and timed apart.
    let tables = prepare_tables(&query, options, show_progress);
    let mut control = Control::new(options.limits());
    let mut progress = Progress::default();
    if show_progress {
        control = control.with_progress(|stats: &Stats| progress.show(stats));
    }
    let report = run::solve(&query, &mut control);
    drop(control);
    progress.clear();
    Answer {
        query: Some(query),
        report,
        tables,
    }
}

/// Readies the pattern databases when the query's search uses them (a solvable board they cover):
/// from this process, the table store, or a build. `None` when no tables are used, or when they cannot
/// be made for this board (then the search's own report says why).
fn prepare_tables(query: &Query, options: &Options, show_progress: bool) -> Option<Tables> {
    let PuzzleSpec::Sliding {
        width,
        height,
        start,
        goal,
    } = &query.puzzle
    else {
        return None;
    };
    let Choice {
        algorithm,
        heuristic,
    } = query.choice();
    let shape = Shape {
        width: *width,
        height: *height,
    };
    // The staged solver improves 5x5 answers with the 5x5 tables when they are kept on disk.
    let five_by_five = algorithm == Algorithm::Staged && (*width, *height) == (5, 5);
    let pdb_search = heuristic == Some(HeuristicName::Pdb)
        && algorithm.uses_heuristic()
        && start.len() <= pdb::MAX_CELLS;
    if !(five_by_five || pdb_search) || sliding::check_solvable(shape, start, goal).is_err() {
        return None;
    }
    let store = TableStore::choose(
        options.pdb_file.clone(),
        options.pdb_cache.clone(),
        options.no_pdb_cache,
    );
    let mut shown = None;
    let started = Instant::now();
    let progress = |fraction: f64| {
        let percent = (fraction * 100.0) as u32;
        if show_progress && shown != Some(percent) {
            shown = Some(percent);
            eprint!("\r  building pattern databases: {percent:3}%");
        }
    };
    let prepared = if five_by_five {
        pdb::disk::prepare_tables_5x5(&store, progress)
    } else if (*width, *height) == (4, 4) {
        prepare_fifteen(goal, &store, options, progress)
    } else {
        pdb::disk::prepare_tables(*width, *height, goal, &store, progress).map(Some)
    };
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    if shown.is_some() {
        eprint!("\r{:60}\r", "");
    }
    let prepared = prepared.ok()??;
    // A file that was not used or not saved is worth a line even with --json (on standard error).
    let trouble = prepared.replaced.is_some() || prepared.save_error.is_some();
    if let Some(line) = prepared.describe().filter(|_| trouble || !options.json) {
        eprintln!("solve: {line}");
    }
    Some(Tables {
        source: prepared.source.name(),
        ms,
        name: prepared.name,
    })
}

/// The 15-puzzle's tables: the 7-8 if asked for (built if need be); in a batch, the 7-8 if they are kept (or in
/// this process already), whose reading (~1 s for 577 MB) many searches repay; else the 6-6-3 (read back in tens
/// of milliseconds, built in seconds), so that a single solve starts at once. A kept 7-8 file that cannot be
/// used is named, and the 6-6-3 answer instead.
fn prepare_fifteen(
    goal: &[u8],
    store: &TableStore,
    options: &Options,
    progress: impl FnMut(f64),
) -> Result<Option<pdb::disk::Prepared>, pdb::PdbError> {
    if options.pdb_78 {
        return pdb::disk::prepare_tables_78(goal, store, progress).map(Some);
    }
    // One file for whatever tables (--pdb-file) holds the 6-6-3 unless --pdb-78 says otherwise.
    if options.batch && !matches!(store, TableStore::File(_)) {
        match pdb::disk::load_tables_78(goal, store) {
            Ok(Some(prepared)) => return Ok(Some(prepared)),
            Ok(None) => {}
            Err(why) => eprintln!(
                "solve: the kept 7-8 pattern databases were not used ({why}); --pdb-78 rebuilds them"
            ),
        }
    }
    pdb::disk::prepare_tables(4, 4, goal, store, progress).map(Some)
}

fn solve_one(text: &str, options: &Options, out: &mut impl Write) -> Result<ExitCode, Failure> {
    let show_progress = !options.json && io::stderr().is_terminal();
    let answer = answer(text, options, show_progress);
    if options.json {
        emit(out, &(answer.to_json() + "\n"))?;
    } else if answer.query.is_none() {
        // Not a puzzle: the reason is an error message, on standard error.
        eprintln!(
            "solve: {}\nRun 'solve --help' for the PUZZLE format.",
            answer.report.message
        );
    } else if answer.is_invalid() {
        // A puzzle the chosen algorithm or heuristic cannot take (direct on a board, 30 disks for bfs, ...).
        eprintln!("solve: {}", answer.report.message);
    } else {
        emit(out, &readable(&answer))?;
    }
    Ok(if answer.is_invalid() {
        ExitCode::from(INVALID)
    } else {
        ExitCode::SUCCESS
    })
}

fn solve_batch(
    options: &Options,
    mut input: impl BufRead,
    out: &mut impl Write,
) -> Result<ExitCode, Failure> {
    let mut line = Vec::new();
    let mut number = 0usize;
    let mut any_invalid = false;
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line).map_err(Failure::Read)? == 0 {
            break;
        }
        number += 1;
        let answer = match std::str::from_utf8(&line) {
            Ok(text) if text.trim().is_empty() => continue,
            Ok(text) => answer(text, options, false),
            Err(_) => Answer::invalid(format!("line {number} is not valid UTF-8 text")),
        };
        any_invalid |= answer.is_invalid();
        let text = if options.json {
            answer.to_json() + "\n"
        } else {
            let header = format!(
                "=== line {number}: {}\n",
                String::from_utf8_lossy(&line).trim()
            );
            match answer.query {
                None => format!("{header}invalid: {}\n\n", answer.report.message),
                Some(_) => format!("{header}{}\n", readable(&answer)),
            }
        };
        // One answer per line as soon as it is known: a reader downstream sees progress.
        emit(out, &text)?;
    }
    Ok(if any_invalid {
        ExitCode::from(INVALID)
    } else {
        ExitCode::SUCCESS
    })
}

/// Writes and flushes one answer.
fn emit(out: &mut impl Write, text: &str) -> Result<(), Failure> {
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(Failure::Write)
}

/// Standard input or output failed.
#[derive(Debug)]
enum Failure {
    Read(io::Error),
    Write(io::Error),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Read(e) => write!(f, "cannot read standard input: {e}"),
            Failure::Write(e) => write!(f, "cannot write the output: {e}"),
        }
    }
}

/// A one-line progress display on standard error, refreshed at most twice a second.
#[derive(Default)]
struct Progress {
    last_ms: f64,
    shown: bool,
}

impl Progress {
    fn show(&mut self, stats: &Stats) -> Flow {
        if stats.elapsed_ms - self.last_ms >= 500.0 {
            self.last_ms = stats.elapsed_ms;
            self.shown = true;
            eprint!(
                "\r  searching: {} expanded, {} open at most, {:.1} s   ",
                count(stats.expanded),
                count(stats.max_open),
                stats.elapsed_ms / 1000.0
            );
        }
        Flow::Continue
    }

    fn clear(&self) {
        if self.shown {
            eprint!("\r{:60}\r", "");
        }
    }
}

/// The readable report: what was asked, the boards, the result, the moves in words, the statistics.
fn readable(answer: &Answer) -> String {
    let mut s = String::new();
    // Writing to a String cannot fail.
    let _ = write_readable(&mut s, answer);
    s
}

fn write_readable(s: &mut String, answer: &Answer) -> fmt::Result {
    let report = &answer.report;
    let Some(query) = &answer.query else {
        return writeln!(s, "invalid: {}", report.message);
    };
    let how = match &report.heuristic {
        Some(h) => format!("{} with the {h} heuristic", report.algorithm.title()),
        None => report.algorithm.title().to_string(),
    };
    match &query.puzzle {
        PuzzleSpec::Sliding { width, height, .. } => {
            writeln!(s, "Sliding puzzle {width}x{height}, {how}")?
        }
        PuzzleSpec::Hanoi { pegs, disks, .. } => {
            writeln!(s, "Tower of Hanoi, {pegs} pegs and {disks} disks, {how}")?
        }
    }
    writeln!(s, "{query}\n")?;
    draw_puzzle(s, &query.puzzle)?;
    let line = format!("{}: {}", report.status.name(), report.message);
    writeln!(s, "\n{}\n", wrap(&line, WRAP_COLUMNS))?;
    if report.status == Status::Solved {
        write_moves(s, &query.puzzle, report)?;
        writeln!(s)?;
    }
    write_stats(s, report, answer.tables.as_ref())
}

fn draw_puzzle(s: &mut String, puzzle: &PuzzleSpec) -> fmt::Result {
    match puzzle {
        PuzzleSpec::Sliding {
            width,
            height,
            start,
            goal,
        } => {
            let w = usize::from(*width);
            let cell = (usize::from(*width) * usize::from(*height) - 1)
                .to_string()
                .len();
            // At least as wide as the word "start" above it.
            let row_width = (w * (cell + 1) - 1).max("start".len());
            writeln!(s, "  {:<row_width$}    goal", "start")?;
            for (left, right) in start.chunks(w).zip(goal.chunks(w)) {
                let (left, right) = (board_row(left, cell), board_row(right, cell));
                writeln!(s, "  {left:<row_width$}    {right}")?;
            }
            Ok(())
        }
        PuzzleSpec::Hanoi {
            pegs, start, goal, ..
        } => {
            for (name, position) in [("start", start), ("goal", goal)] {
                writeln!(
                    s,
                    "  {name} (each peg from the bottom up; disk 0 is the smallest)"
                )?;
                for (peg, stack) in stacks(*pegs, position).iter().enumerate() {
                    write!(s, "    peg {} |", hanoi::peg_letter(peg as u8))?;
                    for disk in stack {
                        write!(s, " {disk}")?;
                    }
                    writeln!(s)?;
                }
            }
            Ok(())
        }
    }
}

/// One board row, tiles right-aligned in `cell` columns, the blank drawn as `.`.
fn board_row(tiles: &[u8], cell: usize) -> String {
    let cells: Vec<String> = tiles
        .iter()
        .map(|&tile| match tile {
            0 => format!("{:>cell$}", "."),
            tile => format!("{tile:>cell$}"),
        })
        .collect();
    cells.join(" ")
}

/// Peg stacks, bottom first, of a position (`position[disk]` is its peg).
fn stacks(pegs: u8, position: &[u8]) -> Vec<Vec<u8>> {
    let mut stacks = vec![Vec::new(); usize::from(pegs)];
    for disk in (0..position.len()).rev() {
        if let Some(stack) = stacks.get_mut(usize::from(position[disk])) {
            stack.push(disk as u8);
        }
    }
    stacks
}

fn write_moves(s: &mut String, puzzle: &PuzzleSpec, report: &Report) -> fmt::Result {
    if !report.moves_listed {
        return writeln!(
            s,
            "The {} moves are not listed: there are more than the listing cap.",
            count(report.length)
        );
    }
    if report.length == 0 {
        return writeln!(s, "No moves: the start is the goal.");
    }
    let words = move_words(puzzle, &report.moves);
    match &report.moves {
        Moves::Sliding(letters) => writeln!(
            s,
            "Moves ({}, the blank moves {letters}):",
            count(report.length)
        )?,
        Moves::Hanoi(_) => writeln!(s, "Moves ({}):", count(report.length))?,
    }
    let number_width = words.len().min(LISTED_MOVES).to_string().len();
    for (i, word) in words.iter().take(LISTED_MOVES).enumerate() {
        writeln!(s, "  {:>number_width$}. {word}", i + 1)?;
    }
    let total = match &report.moves {
        Moves::Sliding(letters) => letters.chars().count(),
        Moves::Hanoi(pairs) => pairs.len(),
    };
    if total > LISTED_MOVES {
        writeln!(
            s,
            "  ... and {} more (--json lists them all)",
            count((total - LISTED_MOVES) as u64)
        )?;
    }
    Ok(())
}

/// The first `LISTED_MOVES` moves in words, replayed from the start (the tile or disk each one moves).
/// A move that cannot be played is described as such and ends the list.
fn move_words(puzzle: &PuzzleSpec, moves: &Moves) -> Vec<String> {
    let mut words = Vec::new();
    match (puzzle, moves) {
        (
            PuzzleSpec::Sliding {
                width,
                height,
                start,
                ..
            },
            Moves::Sliding(letters),
        ) => {
            let shape = Shape {
                width: *width,
                height: *height,
            };
            let mut tiles = start.clone();
            for letter in letters.chars().take(LISTED_MOVES) {
                let Some(dir) = Dir::from_letter(letter) else {
                    words.push(format!("'{letter}' is not a move"));
                    break;
                };
                words.push(sliding::describe_move(shape, &tiles, dir));
                if sliding::apply_move(shape, &mut tiles, dir).is_err() {
                    break;
                }
            }
        }
        (PuzzleSpec::Hanoi { pegs, start, .. }, Moves::Hanoi(pairs)) => {
            let mut position = start.clone();
            for &[from, to] in pairs.iter().take(LISTED_MOVES) {
                let mv = HanoiMove { from, to };
                match hanoi::apply_disk_move(&mut position, *pegs, mv) {
                    Ok(disk) => words.push(hanoi::describe_move(mv, disk)),
                    Err(why) => {
                        words.push(format!("[{from}, {to}] cannot be played: {why}"));
                        break;
                    }
                }
            }
        }
        _ => words.push("the moves are not of this puzzle".to_string()),
    }
    words
}

fn write_stats(s: &mut String, report: &Report, tables: Option<&Tables>) -> fmt::Result {
    let stats = &report.stats;
    let mut rows = vec![
        ("length", count(report.length)),
        (
            "optimal",
            if report.optimal { "yes" } else { "no" }.to_string(),
        ),
        ("expanded", count(stats.expanded)),
        ("generated", count(stats.generated)),
        ("max OPEN", count(stats.max_open)),
        ("CLOSED", count(stats.closed)),
        ("duplicates", count(stats.duplicates)),
        ("peak memory (estimate)", bytes(stats.peak_memory_bytes)),
        ("elapsed (search)", format!("{:.3} ms", stats.elapsed_ms)),
        ("depths expanded", count(stats.by_depth.len() as u64)),
    ];
    if let Some(Tables { source, ms, name }) = tables {
        // Apart from the search's own time above.
        let how = match *source {
            "memory" => format!("{name}, already in memory"),
            "disk" => format!("{name}, read from disk, {ms:.1} ms"),
            _ => format!("{name}, {source}, {ms:.1} ms"),
        };
        rows.push(("pattern databases", how));
    }
    let width = rows.iter().map(|(_, value)| value.len()).max().unwrap_or(0);
    writeln!(s, "Statistics:")?;
    for (name, value) in rows {
        writeln!(s, "  {name:<22} {value:>width$}")?;
    }
    Ok(())
}

/// Where the readable report wraps its sentences.
const WRAP_COLUMNS: usize = 100;

/// `text` with its spaces turned into line breaks so that no line is longer than `columns`
/// (a single longer word keeps its own line).
fn wrap(text: &str, columns: usize) -> String {
    let mut out = String::with_capacity(text.len());
    let mut line = 0;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let len = word.chars().count();
        if line > 0 && line + 1 + len > columns {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(word);
        line += len;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(list: &[&str]) -> Result<Options, Refusal> {
        let args = std::iter::once("solve").chain(list.iter().copied());
        Options::read(args.map(OsString::from).collect())
    }

    fn refusal(list: &[&str]) -> String {
        match parse(list) {
            Err(Refusal::Invalid(message)) => message,
            other => panic!("{list:?} was not refused: {other:?}"),
        }
    }

    #[test]
    fn the_command_is_well_formed() {
        use clap::CommandFactory;
        Options::command().debug_assert();
    }

    #[test]
    fn options_are_read() {
        let o = parse(&[
            "--algo",
            "bfs",
            "--heuristic=manhattan",
            "--max-states",
            "1_000",
            "--json",
            "p",
        ])
        .unwrap();
        assert_eq!(o.algorithm, Some(Algorithm::Bfs));
        assert_eq!(o.heuristic, Some(HeuristicName::Manhattan));
        assert_eq!(o.limits().max_states, 1000);
        assert_eq!(o.limits().time_limit_ms, None);
        assert!(o.json && !o.batch);
        assert_eq!(o.puzzle.as_deref(), Some("p"));
        let o = parse(&["--batch", "--time-limit=50", "--depth", "7"]).unwrap();
        assert_eq!(
            (o.limits().time_limit_ms, o.limits().max_depth),
            (Some(50), 7)
        );
        assert_eq!(o.puzzle, None);
        let o = parse(&["--", "-odd"]).unwrap();
        assert_eq!(o.puzzle.as_deref(), Some("-odd"));
        let o = parse(&["--pdb-cache", "/tmp/x", "p"]).unwrap();
        assert_eq!(o.pdb_cache, Some(PathBuf::from("/tmp/x")));
        assert!(parse(&["--no-pdb-cache", "p"]).unwrap().no_pdb_cache);
        assert!(matches!(
            parse(&["--bogus", "-h"]),
            Err(Refusal::Invalid(_))
        ));
        match parse(&["-h"]) {
            Err(Refusal::Help(help)) => {
                for words in [
                    "USAGE:",
                    "PUZZLE is",
                    "OPTIONS:",
                    "--pdb-cache <DIR>",
                    "EXIT STATUS",
                ] {
                    assert!(help.contains(words), "{words} missing from:\n{help}");
                }
            }
            other => panic!("-h gave {other:?}"),
        }
    }

    #[test]
    fn bad_options_say_what_is_wrong() {
        let cases: [(&[&str], &str); 13] = [
            (&["--algo"], "a value is required for '--algo <A>'"),
            (
                &["--algo", "bsf", "p"],
                "unknown algorithm 'bsf': use one of bfs",
            ),
            (&["--heuristic", "h", "p"], "unknown heuristic 'h'"),
            (
                &["--max-states", "1e6", "p"],
                "invalid value '1e6' for '--max-states <N>': '1e6' is not a whole number",
            ),
            (&["--max-states", "0", "p"], "must be at least 1"),
            (&["--depth", "99999999999", "p"], "99999999999 is too deep"),
            (
                &["--json", "--json", "p"],
                "'--json' cannot be used multiple times",
            ),
            (
                &["--algo=bfs", "--algo", "dfs", "p"],
                "'--algo <A>' cannot be used multiple times",
            ),
            (&["--weight", "20", "p"], "weight 20 is out of range"),
            (
                &["--weight", "2", "--algo", "bfs", "p"],
                "--weight is for --algo weighted, not bfs",
            ),
            (
                &["--batch", "p"],
                "--batch reads the puzzles from standard input",
            ),
            (&["p", "q"], "more than one PUZZLE"),
            (&["--json"], "no PUZZLE given"),
        ];
        for (list, words) in cases {
            let message = refusal(list);
            assert!(message.contains(words), "{list:?}: {message}");
            assert!(!message.contains("Usage:"), "{message}");
        }
        assert!(refusal(&["--fast"]).starts_with("unexpected argument '--fast' found"));
        assert!(refusal(&["--json=yes"]).contains("--json"));
        assert!(
            refusal(&["--no-pdb-cache", "--pdb-cache", "d", "p"]).contains("cannot be used with")
        );
        // A near miss is pointed out.
        assert!(refusal(&["--algoo", "bfs", "p"]).contains("'--algo'"));
    }

    #[test]
    fn sentences_wrap_at_word_boundaries() {
        assert_eq!(wrap("aa bb cc", 5), "aa bb\ncc");
        assert_eq!(wrap("aa  bb", 80), "aa bb");
        assert_eq!(wrap("a loooooong word", 4), "a\nloooooong\nword");
        assert_eq!(wrap("", 10), "");
        let long = "word ".repeat(100);
        assert!(wrap(&long, 100).lines().all(|l| l.len() <= 100));
    }

    #[test]
    fn numbers_are_grouped_and_bytes_scaled() {
        assert_eq!(count(0), "0");
        assert_eq!(count(999), "999");
        assert_eq!(count(1000), "1,000");
        assert_eq!(count(181_440), "181,440");
        assert_eq!(count(u64::MAX), "18,446,744,073,709,551,615");
        assert_eq!(bytes(512), "512 B");
        assert_eq!(bytes(1536), "1.5 KiB");
        assert_eq!(bytes(3 << 20), "3.0 MiB");
    }

    #[test]
    fn boards_and_moves_are_drawn() {
        let query = query::parse("puzzle=sliding&size=3x3&start=1,2,3,4,5,6,7,0,8").unwrap();
        let mut s = String::new();
        draw_puzzle(&mut s, &query.puzzle).unwrap();
        assert_eq!(
            s,
            "  start    goal\n  1 2 3    1 2 3\n  4 5 6    4 5 6\n  7 . 8    7 8 .\n"
        );
        let small = query::parse("puzzle=sliding&size=2x2&start=1,2,0,3").unwrap();
        let mut s = String::new();
        draw_puzzle(&mut s, &small.puzzle).unwrap();
        assert_eq!(s, "  start    goal\n  1 2      1 2\n  . 3      3 .\n");
        assert_eq!(
            move_words(&query.puzzle, &Moves::Sliding("R".into())),
            ["tile 8 slides left"]
        );

        let query = query::parse("puzzle=hanoi&pegs=3&disks=2&start=0,0").unwrap();
        assert_eq!(
            move_words(&query.puzzle, &Moves::Hanoi(vec![[0, 1], [0, 2], [1, 2]])),
            [
                "disk 0: peg A -> B",
                "disk 1: peg A -> C",
                "disk 0: peg B -> C"
            ]
        );
        assert_eq!(
            move_words(&query.puzzle, &Moves::Hanoi(vec![[1, 2]])),
            ["[1, 2] cannot be played: peg B is empty: there is no disk to move"]
        );
        assert_eq!(stacks(3, &[0, 2, 0]), vec![vec![2, 0], vec![], vec![1]]);
    }
}
