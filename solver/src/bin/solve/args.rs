//! The command line, read by clap: the options, the help's text, and the checks across arguments that clap cannot
//! make; each mistake in words a person can act on.

use clap::{ArgAction, Parser};
use solver::query;
use solver::rules;
use solver::search::weighted::Weight;
use solver::search::{Algorithm, Limits, DEFAULT_DFS_DEPTH, DEFAULT_MAX_STATES};
use solver::HeuristicName;
use std::ffi::OsString;
use std::fmt;
use std::path::PathBuf;

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
pub(crate) struct Options {
    #[arg(long = "algo", value_name = "A", value_parser = parse_algorithm, help = format!(
        "bfs, bibfs, dfs, astar, idastar, greedy, weighted, staged or direct (default: the\nquery's, else the page's per size: astar up to 12 cells but 2x6 and 6x2, idastar with\npdb there and on 4x4, staged above; {} for towers)",
        rules::DEFAULT_ALGORITHM
    ))]
    pub(crate) algorithm: Option<Algorithm>,
    /// misplaced, manhattan, linear-conflict, pdb (sliding); misplaced, exact, seed-power
    /// (hanoi). Default: the query's, else the per-size choice above, else linear-conflict
    /// (sliding) or exact (hanoi)
    #[arg(long, value_name = "H", value_parser = parse_heuristic, verbatim_doc_comment)]
    pub(crate) heuristic: Option<HeuristicName>,
    #[arg(long, value_name = "N", value_parser = parse_positive, help = format!(
        "the most states a search may hold (default {DEFAULT_MAX_STATES}); past it: status limit"
    ))]
    pub(crate) max_states: Option<u64>,
    /// stop after MS milliseconds with status limit (default: none)
    #[arg(long = "time-limit", value_name = "MS", value_parser = parse_positive)]
    pub(crate) time_limit_ms: Option<u64>,
    #[arg(long, value_name = "D", value_parser = parse_depth, help = format!(
        "the depth bound of dfs (default {DEFAULT_DFS_DEPTH})"
    ))]
    pub(crate) depth: Option<u32>,
    #[arg(long, value_name = "W", value_parser = parse_weight, help = format!(
        "the weight of weighted A*, a decimal from {} to {} (default: the query's, else {});\n\
         its solution is at most W x the shortest. Alone it selects --algo weighted.\n\
         Optimal solving of 5x5 and larger boards can take days: use weighted there",
        Weight::MIN, Weight::MAX, Weight::DEFAULT
    ))]
    pub(crate) weight: Option<Weight>,
    /// with --heuristic pdb: keep the pattern databases in DIR (default: $PUZZLE_LAB_CACHE,
    /// else $XDG_CACHE_HOME/puzzle-lab, else ~/.cache/puzzle-lab), so that only the first run
    /// builds them (about 3 s for 4x4); a damaged or outdated file there is rebuilt
    #[arg(long, value_name = "DIR", verbatim_doc_comment)]
    pub(crate) pdb_cache: Option<PathBuf>,
    /// build the pattern databases in this process only: read and write no cache
    #[arg(long, conflicts_with_all = ["pdb_cache", "pdb_file"])]
    pub(crate) no_pdb_cache: bool,
    /// with --heuristic pdb: load the pattern databases from the file PATH, or build them and
    /// save them there (instead of the cache directory)
    #[arg(
        long,
        value_name = "PATH",
        conflicts_with = "pdb_cache",
        verbatim_doc_comment
    )]
    pub(crate) pdb_file: Option<PathBuf>,
    /// with --heuristic pdb on 4x4: use the 7-8 pattern databases, building them if they are not
    /// kept yet (once: minutes on every core, 1.6 GB of memory, 577 MB on disk). Without it, a
    /// --batch uses the 7-8 tables when they are already kept, and a single PUZZLE the 6-6-3
    /// (read back in tens of milliseconds, where the 7-8 take about a second)
    #[arg(long = "pdb-78", verbatim_doc_comment)]
    pub(crate) pdb_78: bool,
    /// print one JSON object instead of the readable report
    #[arg(long)]
    pub(crate) json: bool,
    /// read one PUZZLE per line of standard input and answer each in turn, in order;
    /// blank lines are skipped, every other line is answered (a bad one with status
    /// invalid, and the batch goes on). Use it with --json for one object per line
    #[arg(long, verbatim_doc_comment)]
    pub(crate) batch: bool,
    /// print this help
    #[arg(short, long, action = ArgAction::Help)]
    pub(crate) help: Option<bool>,
    /// The PUZZLE arguments as given: exactly one unless --batch (checked after parsing, to say
    /// which mistake was made).
    #[arg(value_name = "PUZZLE", hide = true)]
    pub(crate) puzzles: Vec<String>,
    /// The PUZZLE argument; `None` in batch mode.
    #[arg(skip)]
    pub(crate) puzzle: Option<String>,
}

/// Why a command line is not run: a request for help, or a mistake (in clap's words or ours).
#[derive(Debug)]
pub(crate) enum Refusal {
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
    pub(crate) fn read(args: Vec<OsString>) -> Result<Options, Refusal> {
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

    pub(crate) fn limits(&self) -> Limits {
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
}
