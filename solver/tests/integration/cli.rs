//! The `solve` binary end to end: JSON and readable answers, exit codes, batch mode and budgets, with
//! every returned move list replayed by `solver::check` and lengths compared with exhaustive BFS done here.

use serde_json::Value;
use solver::check::{check_hanoi, check_sliding};
use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};
use std::io::Write;
use std::process::{Command, Stdio};

/// What one run of the binary gave.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    /// The one JSON object on stdout.
    fn json(&self) -> Value {
        let lines: Vec<&str> = self.stdout.lines().collect();
        assert_eq!(
            lines.len(),
            1,
            "expected one JSON line, got {:?} (stderr {:?})",
            self.stdout,
            self.stderr
        );
        serde_json::from_str(lines[0]).unwrap_or_else(|e| panic!("not JSON ({e}): {}", lines[0]))
    }
}

fn solve(args: &[&str], stdin: Option<&str>) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_solve"))
        .args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the solve binary runs");
    if let Some(text) = stdin {
        let mut pipe = child.stdin.take().expect("stdin is piped");
        pipe.write_all(text.as_bytes())
            .expect("stdin accepts the batch");
    }
    let output = child.wait_with_output().expect("the solve binary finishes");
    Run {
        code: output.status.code().expect("solve exits with a code"),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

fn list(values: &[u8]) -> String {
    values
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Every 3x3 position's distance to the default goal, by plain BFS on arrays (nothing from the solver).
fn eight_puzzle_distances() -> HashMap<[u8; 9], u32> {
    let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    let mut distance = HashMap::with_capacity(181_440);
    let mut queue = VecDeque::from([goal]);
    distance.insert(goal, 0u32);
    while let Some(board) = queue.pop_front() {
        let d = distance[&board];
        let blank = board.iter().position(|&t| t == 0).unwrap();
        let (row, col) = (blank / 3, blank % 3);
        let mut neighbours = Vec::with_capacity(4);
        if row > 0 {
            neighbours.push(blank - 3);
        }
        if row < 2 {
            neighbours.push(blank + 3);
        }
        if col > 0 {
            neighbours.push(blank - 1);
        }
        if col < 2 {
            neighbours.push(blank + 1);
        }
        for cell in neighbours {
            let mut next = board;
            next.swap(blank, cell);
            if let Entry::Vacant(slot) = distance.entry(next) {
                slot.insert(d + 1);
                queue.push_back(next);
            }
        }
    }
    distance
}

/// Distance between two Hanoi positions (`position[disk]` = peg) by BFS over peg stacks.
fn hanoi_distance(pegs: u8, start: &[u8], goal: &[u8]) -> u32 {
    let mut distance = HashMap::from([(start.to_vec(), 0u32)]);
    let mut queue = VecDeque::from([start.to_vec()]);
    while let Some(position) = queue.pop_front() {
        let d = distance[&position];
        if position == goal {
            return d;
        }
        // The top disk of a peg is the smallest disk on it.
        let top = |peg: u8| (0..position.len()).find(|&disk| position[disk] == peg);
        for from in 0..pegs {
            let Some(disk) = top(from) else { continue };
            for to in 0..pegs {
                if to != from && top(to).is_none_or(|other| other > disk) {
                    let mut next = position.clone();
                    next[disk] = to;
                    if let Entry::Vacant(slot) = distance.entry(next.clone()) {
                        slot.insert(d + 1);
                        queue.push_back(next);
                    }
                }
            }
        }
    }
    panic!("goal unreachable: every Hanoi position reaches every other");
}

fn hanoi_pairs(moves: &Value) -> Vec<[u8; 2]> {
    serde_json::from_value(moves.clone()).expect("Hanoi moves are [from, to] pairs")
}

#[test]
fn eight_puzzle_json_solutions_are_legal_and_as_short_as_bfs_says() {
    let distances = eight_puzzle_distances();
    assert_eq!(distances.len(), 181_440);
    let deepest = *distances.values().max().unwrap();
    // The farthest positions, and one at each of a few other distances, chosen deterministically.
    let mut picks: Vec<[u8; 9]> = Vec::new();
    for wanted in [deepest, deepest - 1, 20, 9, 1] {
        let mut at: Vec<[u8; 9]> = distances
            .iter()
            .filter(|(_, &d)| d == wanted)
            .map(|(b, _)| *b)
            .collect();
        at.sort();
        picks.push(at[0]);
    }
    let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    for start in picks {
        let query = format!("puzzle=sliding&size=3x3&start={}", list(&start));
        for algo in ["astar", "bfs", "bibfs", "idastar"] {
            let run = solve(&["--json", "--algo", algo, &query], None);
            assert_eq!(run.code, 0, "{algo} {query}: {}", run.stderr);
            let json = run.json();
            assert_eq!(json["status"], "solved", "{algo} {query}: {json}");
            assert_eq!(json["algorithm"], algo);
            assert_eq!(json["optimal"], true);
            let moves = json["moves"].as_str().expect("sliding moves are a string");
            assert_eq!(
                check_sliding(3, 3, &start, &goal, moves),
                Ok(()),
                "{algo} {query}"
            );
            assert_eq!(json["length"], distances[&start], "{algo} {query}");
            assert_eq!(moves.len() as u32, distances[&start]);
            let stats = &json["stats"];
            for key in [
                "expanded",
                "generated",
                "max_open",
                "closed",
                "duplicates",
                "peak_memory_bytes",
            ] {
                assert!(stats[key].is_u64(), "stats.{key} in {json}");
            }
            assert!(stats["elapsed_ms"].is_number() && stats["by_depth"].is_array());
        }
    }
}

#[test]
fn the_json_object_has_exactly_the_documented_keys() {
    let run = solve(&["--json", "puzzle=sliding&size=2x2&start=1,2,0,3"], None);
    let json = run.json();
    let keys: Vec<&str> = json
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let mut want = [
        "status",
        "length",
        "moves",
        "optimal",
        "lower_bound",
        "algorithm",
        "heuristic",
        "stats",
        "message",
        "tables",
    ];
    want.sort();
    let mut got = keys.clone();
    got.sort();
    assert_eq!(got, want);
    // The defaults: A* with linear conflict.
    assert_eq!(json["algorithm"], "astar");
    assert_eq!(json["heuristic"], "linear-conflict");
    assert_eq!(json["moves"], "R");
    // No pattern databases, no tables.
    assert!(json["tables"].is_null(), "{json}");
    // An optimal answer's bound is its length.
    assert_eq!(json["lower_bound"], 1);
}

#[test]
fn table_building_is_reported_apart_from_the_search() {
    let dir = std::env::temp_dir().join(format!("puzzle-lab-cli-tables-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let cache = dir.to_string_lossy().into_owned();
    let input = "\
puzzle=sliding&size=3x3&start=8,6,7,2,5,4,3,0,1&algo=idastar&heuristic=pdb
puzzle=sliding&size=3x3&start=1,2,3,4,5,6,0,7,8&algo=astar&heuristic=pdb
puzzle=sliding&size=3x3&start=1,2,3,4,5,6,0,7,8&algo=astar&heuristic=manhattan
";
    let answers = |run: Run| -> Vec<Value> {
        assert_eq!(run.code, 0, "{}", run.stderr);
        run.stdout
            .lines()
            .map(|l| serde_json::from_str(l).expect("a JSON line"))
            .collect()
    };
    let first = answers(solve(
        &["--batch", "--json", "--pdb-cache", &cache],
        Some(input),
    ));
    let second = answers(solve(
        &["--batch", "--json", "--pdb-cache", &cache],
        Some(input),
    ));
    let sources = |answers: &[Value]| -> Vec<Option<String>> {
        let source = |a: &Value| a["tables"]["source"].as_str().map(str::to_string);
        answers.iter().map(source).collect()
    };
    let names = |list: [Option<&str>; 3]| list.map(|n| n.map(str::to_string)).to_vec();
    // The first line builds (or, once cached, reads) the tables; the next finds them in memory; a line
    // without pattern databases has none. The search's own time stays in stats.elapsed_ms.
    assert_eq!(
        sources(&first),
        names([Some("built"), Some("memory"), None])
    );
    assert_eq!(
        sources(&second),
        names([Some("disk"), Some("memory"), None])
    );
    for answer in first.iter().chain(&second).take(2) {
        assert_eq!(answer["status"], "solved", "{answer}");
        assert!(answer["tables"]["ms"].is_number(), "{answer}");
        assert!(answer["stats"]["elapsed_ms"].is_number(), "{answer}");
    }
    assert_eq!(first[0]["length"], 31);
    assert_eq!(first[0]["moves"], second[0]["moves"]);

    // The readable report has its own row for the tables.
    let run = solve(
        &["--pdb-cache", &cache, input.lines().next().unwrap()],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .lines()
            .any(|l| l.starts_with("  pattern databases") && l.contains("read from disk")),
        "{}",
        run.stdout
    );
    assert!(
        run.stderr.contains("pattern databases loaded from"),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn with_no_algorithm_named_large_boards_take_the_staged_solver_with_a_bound() {
    let start = "2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,\
                 36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,1,0";
    let query = format!("puzzle=sliding&size=8x8&start={}", start.replace(' ', ""));
    let run = solve(&["--json", "--max-states", "20000", &query], None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json = run.json();
    assert_eq!(json["status"], "solved", "{json}");
    assert_eq!(json["algorithm"], "staged");
    let (length, bound) = (
        json["length"].as_u64().unwrap(),
        json["lower_bound"].as_u64().unwrap(),
    );
    assert!(bound > 0 && bound <= length, "{json}");
    let tiles: Vec<u8> = start
        .split(',')
        .map(|t| t.trim().parse().unwrap())
        .collect();
    let goal: Vec<u8> = (1..64).chain([0]).collect();
    let moves = json["moves"].as_str().unwrap();
    assert_eq!(check_sliding(8, 8, &tiles, &goal, moves), Ok(()));
    assert!(
        json["message"]
            .as_str()
            .unwrap()
            .contains("longer than the shortest"),
        "{json}"
    );
}

#[test]
fn hanoi_solutions_are_legal_and_as_short_as_bfs_says() {
    let cases: [(u8, &[u8], &[u8]); 4] = [
        (3, &[0, 0, 0, 0], &[2, 2, 2, 2]),
        (3, &[1, 0, 2, 1, 0], &[2, 1, 0, 0, 2]),
        (4, &[0, 0, 0, 0, 0], &[3, 3, 3, 3, 3]),
        (4, &[3, 1, 0, 2, 1], &[0, 0, 2, 2, 3]),
    ];
    for (pegs, start, goal) in cases {
        let distance = hanoi_distance(pegs, start, goal);
        let query = format!(
            "puzzle=hanoi&pegs={pegs}&disks={}&start={}&goal={}",
            start.len(),
            list(start),
            list(goal)
        );
        for algo in ["bfs", "astar", "bibfs"] {
            let run = solve(&["--json", "--algo", algo, &query], None);
            assert_eq!(run.code, 0, "{query}: {}", run.stderr);
            let json = run.json();
            assert_eq!(json["status"], "solved", "{algo} {query}: {json}");
            let pairs = hanoi_pairs(&json["moves"]);
            assert_eq!(
                check_hanoi(pegs, start, goal, &pairs),
                Ok(()),
                "{algo} {query}"
            );
            assert_eq!(json["length"], distance, "{algo} {query}");
        }
    }
}

#[test]
fn direct_hanoi_lists_moves_under_the_cap_and_only_the_length_above_it() {
    let run = solve(
        &[
            "--json",
            "puzzle=hanoi&pegs=3&disks=10&start=0,0,0,0,0,0,0,0,0,0&algo=direct",
        ],
        None,
    );
    let json = run.json();
    assert_eq!((run.code, json["status"].as_str()), (0, Some("solved")));
    let pairs = hanoi_pairs(&json["moves"]);
    assert_eq!(check_hanoi(3, &[0; 10], &[2; 10], &pairs), Ok(()));
    assert_eq!(json["length"], 1023);

    let start = list(&[0; 40]);
    let run = solve(
        &[
            "--json",
            "--algo",
            "direct",
            &format!("puzzle=hanoi&pegs=3&disks=40&start={start}"),
        ],
        None,
    );
    let json = run.json();
    assert_eq!((run.code, json["status"].as_str()), (0, Some("solved")));
    assert_eq!(json["length"], (1u64 << 40) - 1);
    assert!(json["moves"].is_null(), "{json}");

    // A search is refused above 24 disks, with a reason.
    let run = solve(
        &[
            "--json",
            "--algo",
            "bfs",
            &format!("puzzle=hanoi&pegs=3&disks=40&start={start}"),
        ],
        None,
    );
    let json = run.json();
    assert_eq!((run.code, json["status"].as_str()), (2, Some("invalid")));
    assert!(
        json["message"].as_str().unwrap().contains("direct"),
        "{json}"
    );
}

#[test]
fn invalid_queries_exit_2_with_the_problem_named() {
    let cases = [
        (
            "puzzle=sliding&size=3x3&start=1,2,3,4,5,6,7,0",
            "start has 8 numbers but a 3x3 board needs 9",
        ),
        (
            "puzzle=sliding&size=3y3&start=1,2,3,4,5,6,7,8,0",
            "size '3y3' is not WIDTHxHEIGHT",
        ),
        (
            "puzzle=sliding&size=3x3&start=1,2,3,4,5,6,7,4,0",
            "tile 4 appears twice in start",
        ),
        ("puzzle=hanoi&pegs=3&disks=2", "missing 'start'"),
        (
            "puzzle=hanoi&pegs=3&disks=2&start=0,0&algo=bsf",
            "unknown algorithm 'bsf'",
        ),
        (
            "puzzle=sliding&size=2x2&start=1,2,3,0&algo=direct",
            "only for Tower of Hanoi",
        ),
    ];
    for (query, words) in cases {
        let run = solve(&["--json", query], None);
        assert_eq!(run.code, 2, "{query}");
        let json = run.json();
        assert_eq!(json["status"], "invalid", "{query}");
        let message = json["message"].as_str().unwrap();
        assert!(message.contains(words), "{query}: {message}");

        // Without --json: nothing on stdout, the reason on stderr, the same exit code.
        let run = solve(&[query], None);
        assert_eq!(run.code, 2, "{query}");
        assert!(run.stdout.is_empty(), "{query}: {}", run.stdout);
        assert!(run.stderr.contains(words), "{query}: {}", run.stderr);
    }
}

#[test]
fn bad_command_lines_exit_2() {
    let query = "puzzle=sliding&size=2x2&start=1,2,0,3";
    for (args, words) in [
        (vec!["--algo", "bsf", query], "unknown algorithm 'bsf'"),
        (
            vec!["--max-states", "lots", query],
            "invalid value 'lots' for '--max-states <N>': 'lots' is not a whole number",
        ),
        (
            vec!["--frobnicate", query],
            "unexpected argument '--frobnicate' found",
        ),
        (vec![], "no PUZZLE given"),
        (vec!["puzzle=sliding", "size=2x2"], "more than one PUZZLE"),
        (
            vec!["--batch", query],
            "--batch reads the puzzles from standard input",
        ),
    ] {
        let run = solve(&args, None);
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.contains(words), "{args:?}: {}", run.stderr);
        assert!(run.stdout.is_empty());
    }
    // With --json the refusal is a JSON answer too.
    let run = solve(&["--json", "--heuristic", "fast", query], None);
    assert_eq!(run.code, 2);
    let json = run.json();
    assert_eq!(json["status"], "invalid");
    assert!(json["message"]
        .as_str()
        .unwrap()
        .contains("unknown heuristic 'fast'"));
}

#[test]
fn unsolvable_exits_0_with_status_unsolvable() {
    // Two tiles swapped from the goal: an odd permutation with the blank home.
    let run = solve(
        &["--json", "puzzle=sliding&size=3x3&start=2,1,3,4,5,6,7,8,0"],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json = run.json();
    assert_eq!(json["status"], "unsolvable");
    assert_eq!(json["moves"], "");
    assert!(!json["message"].as_str().unwrap().is_empty());
}

#[test]
fn bfs_on_a_hard_15_puzzle_stops_at_the_state_budget() {
    let query = "puzzle=sliding&size=4x4&start=0,15,14,13,12,11,10,9,8,7,6,5,4,3,2,1&algo=bfs";
    let run = solve(&["--json", "--max-states", "1000", query], None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json = run.json();
    assert_eq!(json["status"], "limit", "{json}");
    let message = json["message"].as_str().unwrap();
    assert!(
        message.contains("limit") && message.contains("1000"),
        "{message}"
    );
    let expanded = json["stats"]["expanded"].as_u64().unwrap();
    assert!(expanded > 0 && expanded <= 1000, "{json}");

    // The time limit is a budget too.
    let run = solve(
        &[
            "--json",
            "--time-limit",
            "20",
            "--max-states",
            "100000000",
            query,
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json = run.json();
    assert_eq!(json["status"], "limit", "{json}");
    assert!(
        json["message"].as_str().unwrap().contains("time limit"),
        "{json}"
    );
}

#[test]
fn flags_override_the_query_and_whole_urls_are_read() {
    let url =
        "https://example.org/lab/?puzzle=sliding&size=2x3&start=1,2,3,4,0,5&algo=dfs&lang=zh#top";
    let run = solve(&["--json", "--algo", "bfs", url], None);
    let json = run.json();
    assert_eq!(
        (json["status"].as_str(), json["algorithm"].as_str()),
        (Some("solved"), Some("bfs"))
    );
    assert_eq!(json["moves"], "R");
    assert_eq!(json["heuristic"], Value::Null);

    let run = solve(&["--json", "--depth", "3", url], None);
    let json = run.json();
    assert_eq!(
        (json["algorithm"].as_str(), json["optimal"].as_bool()),
        (Some("dfs"), Some(false))
    );
    let moves = json["moves"].as_str().unwrap();
    assert_eq!(
        check_sliding(2, 3, &[1, 2, 3, 4, 0, 5], &[1, 2, 3, 4, 5, 0], moves),
        Ok(())
    );
    assert!(moves.len() <= 3);
}

#[test]
fn batch_answers_every_line_in_order() {
    let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    let input = "\
puzzle=sliding&size=3x3&start=1,2,3,4,5,6,0,7,8
puzzle=sliding&size=3x3&start=1,2,3

puzzle=hanoi&pegs=3&disks=3&start=0,0,0&algo=bfs
   \t
puzzle=sliding&size=3x3&start=2,1,3,4,5,6,7,8,0
?puzzle=hanoi&pegs=4&disks=3&start=0,0,0&algo=bsf
puzzle=sliding&size=3x3&start=1,2,3,4,5,6,7,0,8";
    let run = solve(
        &["--batch", "--json", "--heuristic", "manhattan"],
        Some(input),
    );
    // A bad line answers invalid; the batch goes on, and the exit code says one was bad.
    assert_eq!(run.code, 2, "{}", run.stderr);
    let answers: Vec<Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let statuses: Vec<&str> = answers
        .iter()
        .map(|a| a["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        statuses,
        [
            "solved",
            "invalid",
            "invalid",
            "unsolvable",
            "invalid",
            "solved"
        ]
    );

    assert_eq!(
        check_sliding(
            3,
            3,
            &[1, 2, 3, 4, 5, 6, 0, 7, 8],
            &goal,
            answers[0]["moves"].as_str().unwrap()
        ),
        Ok(())
    );
    assert_eq!(answers[0]["length"], 2);
    assert_eq!(answers[0]["heuristic"], "manhattan");
    assert!(answers[1]["message"]
        .as_str()
        .unwrap()
        .contains("start has 3 numbers"));
    // --heuristic manhattan does not apply to Hanoi: that line is refused by name.
    assert!(
        answers[2]["message"]
            .as_str()
            .unwrap()
            .contains("'manhattan' does not apply to hanoi"),
        "{}",
        answers[2]
    );
    assert!(answers[4]["message"]
        .as_str()
        .unwrap()
        .contains("unknown algorithm 'bsf'"));
    assert_eq!(
        check_sliding(
            3,
            3,
            &[1, 2, 3, 4, 5, 6, 7, 0, 8],
            &goal,
            answers[5]["moves"].as_str().unwrap()
        ),
        Ok(())
    );

    // Without the bad lines the batch exits 0.
    let run = solve(
        &["--batch", "--json"],
        Some("puzzle=hanoi&pegs=3&disks=3&start=0,0,0\n\n"),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json = run.json();
    assert_eq!(
        check_hanoi(3, &[0; 3], &[2; 3], &hanoi_pairs(&json["moves"])),
        Ok(())
    );
    assert_eq!(json["length"], 7);
}

#[test]
fn the_readable_report_draws_lists_and_tabulates() {
    let run = solve(
        &["puzzle=sliding&size=3x3&start=1,2,3,4,5,6,0,7,8&algo=bfs"],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    for words in [
        "start    goal",
        "  1 2 3    1 2 3",
        "  . 7 8    7 8 .",
        "solved: solved in 2 moves",
        "1. tile 7 slides left",
        "2. tile 8 slides left",
        "Statistics:",
        "max OPEN",
        "CLOSED",
        "duplicates",
        "peak memory",
        "elapsed",
    ] {
        assert!(out.contains(words), "{words:?} missing from:\n{out}");
    }
    assert!(
        out.lines()
            .any(|l| l.starts_with("  optimal") && l.ends_with("yes")),
        "{out}"
    );

    let run = solve(
        &["puzzle=hanoi&pegs=3&disks=10&start=0,0,0,0,0,0,0,0,0,0&algo=direct"],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    assert!(out.contains("peg A | 9 8 7 6 5 4 3 2 1 0"), "{out}");
    assert!(out.contains("  1. disk 0: peg A -> B"), "{out}");
    assert!(out.contains("200. disk"), "{out}");
    assert!(!out.contains("201. disk"), "{out}");
    assert!(out.contains("... and 823 more"), "{out}");
}

#[test]
fn help_explains_and_exits_0() {
    let run = solve(&["--help"], None);
    assert_eq!(run.code, 0);
    for words in [
        "USAGE",
        "--batch",
        "--max-states",
        "--time-limit",
        "--depth",
        "blank lines",
        "EXIT STATUS",
    ] {
        assert!(run.stdout.contains(words), "{words} missing from the help");
    }
}
