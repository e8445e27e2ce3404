//! What the page exports as text, built from the state alone (no browser): the run as JSON (the CLI's own object,
//! printed by `solver::report::to_json`) and as CSV, the compare table as CSV, and the file names, which say the
//! puzzle and the algorithm (`puzzle-lab_8-puzzle_astar-linear-conflict.json`).
//!
//! The run's CSV is ONE file in long form, `section,key,value`, rather than a file per part or a file of stacked
//! tables: every row has the same three columns, so any CSV reader and any spreadsheet read it as one table, a filter
//! on `section` gives each part (`run`, `statistics`, `move`, `nodes_by_depth` or `nodes_by_bound` for IDA*), and one
//! download keeps the parts of one run together.

use crate::page::state::compare::{CompareRun, RowState};
use solver::hanoi::peg_letter;
use solver::query::{PuzzleSpec, Query};
use solver::{Algorithm, Moves, Report, Status};

/// The prefix of every exported file.
const APP: &str = "puzzle-lab";

/// The puzzle in a file name: `8-puzzle`, `15-puzzle` for square boards, `4x2-sliding` for the others,
/// `hanoi-3-pegs-5-disks` for towers.
pub fn puzzle_name(puzzle: &PuzzleSpec) -> String {
    match puzzle {
        PuzzleSpec::Sliding { width, height, .. } if width == height => {
            format!("{}-puzzle", u32::from(*width) * u32::from(*height) - 1)
        }
        PuzzleSpec::Sliding { width, height, .. } => format!("{width}x{height}-sliding"),
        PuzzleSpec::Hanoi { pegs, disks, .. } => format!("hanoi-{pegs}-pegs-{disks}-disks"),
    }
}

/// The start of a file's name: the app, the puzzle, and the algorithm with its heuristic when it uses one
/// (`puzzle-lab_8-puzzle_astar-linear-conflict`). Views and formats add their own ending.
pub fn file_stem(puzzle: &PuzzleSpec, algorithm: Algorithm, heuristic: Option<&str>) -> String {
    let solver = match heuristic.filter(|_| algorithm.uses_heuristic()) {
        Some(h) => format!("{algorithm}-{h}"),
        None => algorithm.to_string(),
    };
    format!("{}_{solver}", puzzle_stem(puzzle))
}

/// The start of a file's name for views of several algorithms (the compare panel's charts, whose view names say
/// `compare`): the app and the puzzle.
pub fn puzzle_stem(puzzle: &PuzzleSpec) -> String {
    format!("{APP}_{}", puzzle_name(puzzle))
}

/// The compare table's file name.
pub fn compare_file(puzzle: &PuzzleSpec) -> String {
    format!("{}_compare.csv", puzzle_stem(puzzle))
}

/// The run as the CLI prints it with `--json`. The page does not time the pattern databases apart from the search
/// (the worker says in the report's notes where they came from), so `tables` is `null`.
pub fn run_json(query: &Query, report: &Report) -> String {
    solver::report::to_json(report, Some(query.puzzle.kind()), None)
}

/// The run as CSV in long form (see the module's header): the run (the PUZZLE query, status, algorithm, heuristic,
/// length, optimality, lower bound), the statistics (empty where the run did not measure a counter), each move
/// (sliding: the direction the blank moves, as in the CLI; Hanoi: `from->to`, pegs from 0) and the nodes expanded
/// at each depth (at each f-bound for IDA*).
pub fn run_csv(query: &Query, report: &Report) -> String {
    let mut csv = Csv::new(&["section", "key", "value"]);
    let s = &report.stats;
    let run = [
        ("puzzle", query.to_query_string()),
        ("status", report.status.name().to_string()),
        ("algorithm", report.algorithm.to_string()),
        ("heuristic", report.heuristic.clone().unwrap_or_default()),
        ("length", report.length.to_string()),
        ("optimal", report.optimal.to_string()),
        (
            "lower_bound",
            report.lower_bound.map_or(String::new(), |b| b.to_string()),
        ),
        ("message", report.message.clone()),
    ];
    for (key, value) in run {
        csv.row(&["run", key, &value]);
    }
    let counters = [
        ("expanded", s.expanded),
        ("generated", s.generated),
        ("max_open", s.max_open),
        ("closed", s.closed),
        ("duplicates", s.duplicates),
        ("peak_memory_bytes", s.peak_memory_bytes),
    ];
    for (key, n) in counters {
        let value = if counter_measured(report.algorithm, key) {
            n.to_string()
        } else {
            String::new()
        };
        csv.row(&["statistics", key, &value]);
    }
    csv.row(&["statistics", "elapsed_ms", &s.elapsed_ms.to_string()]);
    if report.status == Status::Solved && report.moves_listed {
        for (i, step) in move_words(&report.moves).into_iter().enumerate() {
            csv.row(&["move", &(i + 1).to_string(), &step]);
        }
    }
    let section = if report.algorithm == Algorithm::Idastar {
        "nodes_by_bound"
    } else {
        "nodes_by_depth"
    };
    for (depth, n) in s.by_depth.iter().enumerate() {
        csv.row(&[section, &depth.to_string(), &n.to_string()]);
    }
    csv.text
}

/// Whether a run of `algorithm` measured the counter `key` (`expanded`, `generated`, `max_open`, `closed`,
/// `duplicates`, `peak_memory_bytes`): the staged solver and its improvement count only their expansions, so their
/// other counters are not applicable rather than zero.
pub fn counter_measured(algorithm: Algorithm, key: &str) -> bool {
    algorithm != Algorithm::Staged || key == "expanded" || key == "peak_memory_bytes"
}

/// Each move in the CLI's words: a letter for a slide, `from->to` for a disk (pegs from 0).
fn move_words(moves: &Moves) -> Vec<String> {
    match moves {
        Moves::Sliding(letters) => letters.chars().map(String::from).collect(),
        Moves::Hanoi(pairs) => pairs
            .iter()
            .map(|[from, to]| format!("{from}->{to}"))
            .collect(),
    }
}

/// The compare table as CSV: a row per pair in table order, with the CLI's names, the status, and the run's figures
/// (empty for a pair that did not finish, and for counters a run did not measure); the moves as compact text
/// (`ULDR`, `AC AB` for Hanoi).
pub fn compare_csv(run: &CompareRun) -> String {
    let mut csv = Csv::new(&[
        "algorithm",
        "heuristic",
        "status",
        "length",
        "optimal",
        "expanded",
        "generated",
        "max_open",
        "closed",
        "duplicates",
        "peak_memory_bytes",
        "elapsed_ms",
        "moves",
    ]);
    for row in &run.rows {
        let algorithm = row.pair.algorithm.to_string();
        let heuristic = row.pair.heuristic_name();
        let mut cells = vec![algorithm, heuristic, row.status().to_string()];
        match &row.state {
            RowState::Done(report) => {
                let solved = report.status == Status::Solved;
                let s = &report.stats;
                let counter = |key: &str, n: u64| {
                    if counter_measured(report.algorithm, key) {
                        n.to_string()
                    } else {
                        String::new()
                    }
                };
                cells.extend([
                    if solved {
                        report.length.to_string()
                    } else {
                        String::new()
                    },
                    if solved {
                        report.optimal.to_string()
                    } else {
                        String::new()
                    },
                    counter("expanded", s.expanded),
                    counter("generated", s.generated),
                    counter("max_open", s.max_open),
                    counter("closed", s.closed),
                    counter("duplicates", s.duplicates),
                    counter("peak_memory_bytes", s.peak_memory_bytes),
                    s.elapsed_ms.to_string(),
                    if solved && report.moves_listed {
                        compact_moves(&report.moves)
                    } else {
                        String::new()
                    },
                ]);
            }
            _ => cells.extend(std::iter::repeat_n(String::new(), 10)),
        }
        let cells: Vec<&str> = cells.iter().map(String::as_str).collect();
        csv.row(&cells);
    }
    csv.text
}

/// Moves as one short text: `ULDR`, or `AC AB CB` (peg letters) for Hanoi.
fn compact_moves(moves: &Moves) -> String {
    match moves {
        Moves::Sliding(letters) => letters.clone(),
        Moves::Hanoi(pairs) => pairs
            .iter()
            .map(|[from, to]| format!("{}{}", peg_letter(*from), peg_letter(*to)))
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// A CSV text being written (RFC 4180: comma-separated, CRLF line ends, fields quoted where they need it).
struct Csv {
    text: String,
}

impl Csv {
    fn new(header: &[&str]) -> Csv {
        let mut csv = Csv {
            text: String::new(),
        };
        csv.row(header);
        csv
    }

    fn row(&mut self, cells: &[&str]) {
        for (i, cell) in cells.iter().enumerate() {
            if i > 0 {
                self.text.push(',');
            }
            if cell.contains([',', '"', '\n', '\r']) {
                self.text.push('"');
                self.text.push_str(&cell.replace('"', "\"\""));
                self.text.push('"');
            } else {
                self.text.push_str(cell);
            }
        }
        self.text.push_str("\r\n");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page::state::compare::{Pair, Row};
    use solver::search::{Control, Limits};
    use solver::{HeuristicName, Stats};
    use std::rc::Rc;

    /// A known run: the solver's own A* with linear conflict on an 8-puzzle 3 moves from its goal (blank right, down,
    /// right: the only shortest way, since the Manhattan distance is 3).
    fn known_run() -> (Query, Report) {
        let link = "puzzle=sliding&size=3x3&start=1,2,3,0,4,6,7,5,8&goal=1,2,3,4,5,6,7,8,0&algo=astar&heuristic=linear-conflict";
        let query = solver::query::parse(link).expect("the link reads");
        let report = solver::run::solve(&query, &mut Control::new(Limits::default()));
        assert_eq!(report.status, Status::Solved);
        assert_eq!(report.moves, Moves::Sliding("RDR".into()));
        (query, report)
    }

    /// The CSV's rows as cells (no field of these runs needs quotes but the PUZZLE's).
    fn rows(csv: &str) -> Vec<Vec<String>> {
        csv.split_terminator("\r\n")
            .map(|line| {
                let mut cells = Vec::new();
                let mut cell = String::new();
                let mut quoted = false;
                for c in line.chars() {
                    match c {
                        '"' => quoted = !quoted,
                        ',' if !quoted => cells.push(std::mem::take(&mut cell)),
                        c => cell.push(c),
                    }
                }
                cells.push(cell);
                cells
            })
            .collect()
    }

    #[test]
    fn file_names_say_the_puzzle_and_the_algorithm() {
        let (query, _) = known_run();
        assert_eq!(
            file_stem(&query.puzzle, Algorithm::Astar, Some("linear-conflict")),
            "puzzle-lab_8-puzzle_astar-linear-conflict"
        );
        // An uninformed search carries no heuristic in its name.
        assert_eq!(
            file_stem(&query.puzzle, Algorithm::Bfs, Some("manhattan")),
            "puzzle-lab_8-puzzle_bfs"
        );
        let rect = PuzzleSpec::Sliding {
            width: 4,
            height: 2,
            start: vec![],
            goal: vec![],
        };
        assert_eq!(puzzle_name(&rect), "4x2-sliding");
        let tower = PuzzleSpec::Hanoi {
            pegs: 4,
            disks: 6,
            start: vec![],
            goal: vec![],
        };
        assert_eq!(
            file_stem(&tower, Algorithm::Idastar, Some("exact")),
            "puzzle-lab_hanoi-4-pegs-6-disks_idastar-exact"
        );
        assert_eq!(
            compare_file(&tower),
            "puzzle-lab_hanoi-4-pegs-6-disks_compare.csv"
        );
    }

    #[test]
    fn the_runs_json_is_the_clis_object_of_the_run() {
        let (query, report) = known_run();
        let json: serde_json::Value =
            serde_json::from_str(&run_json(&query, &report)).expect("valid JSON");
        let keys: Vec<&str> = json
            .as_object()
            .map(|o| o.keys().map(String::as_str).collect())
            .unwrap_or_default();
        let mut want = vec![
            "algorithm",
            "heuristic",
            "length",
            "lower_bound",
            "message",
            "moves",
            "optimal",
            "stats",
            "status",
            "tables",
        ];
        want.sort_unstable();
        let mut keys = keys;
        keys.sort_unstable();
        assert_eq!(keys, want);
        assert_eq!(json["status"], "solved");
        assert_eq!(json["length"], 3);
        assert_eq!(json["algorithm"], "astar");
        assert_eq!(json["heuristic"], "linear-conflict");
        assert_eq!(json["moves"], "RDR");
        assert_eq!(json["stats"]["expanded"], report.stats.expanded);
        assert!(json["tables"].is_null());
    }

    #[test]
    fn the_runs_csv_holds_its_statistics_moves_and_nodes_by_depth() {
        let (query, report) = known_run();
        let rows = rows(&run_csv(&query, &report));
        assert_eq!(rows[0], ["section", "key", "value"]);
        assert!(rows.iter().all(|r| r.len() == 3), "{rows:?}");
        let get = |section: &str, key: &str| {
            rows.iter()
                .find(|r| r[0] == section && r[1] == key)
                .map(|r| r[2].clone())
        };
        assert_eq!(get("run", "puzzle"), Some(query.to_query_string()));
        assert_eq!(get("run", "length"), Some("3".into()));
        assert_eq!(get("run", "optimal"), Some("true".into()));
        assert_eq!(
            get("statistics", "expanded"),
            Some(report.stats.expanded.to_string())
        );
        let moves: String = rows
            .iter()
            .filter(|r| r[0] == "move")
            .map(|r| r[2].clone())
            .collect();
        let numbers: Vec<String> = rows
            .iter()
            .filter(|r| r[0] == "move")
            .map(|r| r[1].clone())
            .collect();
        assert_eq!(Moves::Sliding(moves), report.moves);
        assert_eq!(numbers, ["1", "2", "3"]);
        let by_depth: Vec<u64> = rows
            .iter()
            .filter(|r| r[0] == "nodes_by_depth")
            .map(|r| r[2].parse().unwrap_or(u64::MAX))
            .collect();
        assert_eq!(by_depth, report.stats.by_depth);
        assert_eq!(by_depth.iter().sum::<u64>(), report.stats.expanded);
    }

    #[test]
    fn csv_quotes_what_needs_it_and_staged_counters_are_not_applicable() {
        let mut report = Report::new(
            Status::Solved,
            Algorithm::Staged,
            Moves::Hanoi(vec![[0, 2], [0, 1]]),
            2,
            solver::report::Said::Refused {
                detail: "solved, \"twice\"".into(),
            },
        );
        report.stats = Stats {
            expanded: 5,
            generated: 0,
            ..Stats::default()
        };
        let query = solver::query::parse("puzzle=hanoi&pegs=3&disks=2&start=0,0&goal=1,1")
            .expect("the link reads");
        let text = run_csv(&query, &report);
        assert!(
            text.contains("run,message,\"solved, \"\"twice\"\"\"\r\n"),
            "{text}"
        );
        assert!(text.contains("statistics,expanded,5\r\n"));
        assert!(text.contains("statistics,generated,\r\n"));
        assert!(text.contains("move,1,0->2\r\nmove,2,0->1\r\n"));
    }

    #[test]
    fn the_compare_csv_has_a_row_per_pair() {
        let (_, report) = known_run();
        let run = CompareRun {
            puzzle: known_run().0.puzzle,
            max_states: 1000,
            rows: vec![
                Row {
                    pair: Pair::new(Algorithm::Astar, Some(HeuristicName::LinearConflict)),
                    state: RowState::Done(Rc::new(report.clone())),
                },
                Row {
                    pair: Pair::new(Algorithm::Bfs, None),
                    state: RowState::Cancelled,
                },
            ],
        };
        let rows = rows(&compare_csv(&run));
        assert_eq!(rows.len(), 3);
        assert!(rows.iter().all(|r| r.len() == 13), "{rows:?}");
        assert_eq!(rows[0][0], "algorithm");
        assert_eq!(
            rows[1][..5],
            ["astar", "linear-conflict", "solved", "3", "true"]
        );
        assert_eq!(rows[1][5], report.stats.expanded.to_string());
        assert_eq!(rows[2][..4], ["bfs", "none", "cancelled", ""]);
    }
}
