//! Korf's 100 15-puzzles, ours against the peer crate `slidy` (0.3) in the same run, instance by instance:
//! `cargo bench -p solver --bench korf [-- --quick] [-- --tables 6-6-3]`.
//!
//! Ours: IDA* on the 7-8 pattern databases with the reflected lookup (built once and kept in the user's cache
//! directory, like the CLI's; read before the clock starts). slidy: its optimal 4x4 solver in the single-tile
//! metric, `Solver4x4Stm`, the 4-4-4-3 pattern databases with transposition tables (built before the clock
//! starts). Both answer for the goal 1,...,15,0 (slidy's solved state). The two run alternately, instance by
//! instance (who goes first alternates too), so that the machine's load falls on both alike; both lengths
//! must equal the file's optimum, and our moves are replayed by the crate's checker. Prints per instance
//! the optimum, both times and their ratio; then the totals and the overall ratio, in wall-clock time and
//! in CPU time of the thread (the honest one on a shared machine). `--quick` (or `KORF_BENCH_QUICK=1`)
//! runs the first 15 instances only.

use std::str::FromStr;
use std::time::Instant;

use slidy::puzzle::puzzle::Puzzle;
use slidy::puzzle::sliding_puzzle::SlidingPuzzle;
use slidy::solver::Solver4x4Stm;
use solver::check::check_sliding;
use solver::instances;
use solver::pdb::cache::pattern_database;
use solver::pdb::disk::{prepare_tables, prepare_tables_78, TableStore};
use solver::pdb::{solve_idastar, Pdb};
use solver::search::cpu_clock::thread_cpu_ms;
use solver::search::{Control, Limits, Status};
use solver::sliding::moves_to_string;

/// The instances `--quick` runs.
const QUICK: usize = 15;

/// Runs `f`, returning its result, wall milliseconds and thread CPU milliseconds (wall if unknown).
fn timed<T>(f: impl FnOnce() -> T) -> (T, f64, f64) {
    let cpu = thread_cpu_ms();
    let started = Instant::now();
    let out = f();
    let wall = started.elapsed().as_secs_f64() * 1000.0;
    let cpu = cpu.zip(thread_cpu_ms()).map_or(wall, |(a, b)| b - a);
    (out, wall, cpu)
}

/// Our tables for `goal`: the 7-8 (built once if need be), or the 6-6-3 with `--tables 6-6-3`.
fn our_tables(goal: &[u8], small: bool) -> Pdb {
    let store = TableStore::choose(None, None, false);
    let mut shown = -1i32;
    let progress = |f: f64| {
        let percent = (f * 100.0) as i32;
        if percent != shown {
            shown = percent;
            eprint!("\rour pattern databases: {percent:3}%");
        }
    };
    let (prepared, ms, _) = timed(|| match small {
        true => prepare_tables(4, 4, goal, &store, progress),
        false => prepare_tables_78(goal, &store, progress),
    });
    let prepared = prepared.unwrap_or_else(|e| panic!("our tables: {e}"));
    eprintln!(
        "\rour pattern databases: {} ({}, {ms:.0} ms)",
        prepared.name,
        prepared.source.name()
    );
    pattern_database(4, 4, goal, &mut Control::new(Limits::default()))
        .unwrap_or_else(|e| panic!("our tables: {e}"))
}

/// slidy's notation for a board: rows separated by `/`, tiles by spaces, 0 the blank.
fn slidy_puzzle(tiles: &[u8]) -> Puzzle {
    let rows: Vec<String> = tiles
        .chunks(4)
        .map(|row| {
            let row: Vec<String> = row.iter().map(u8::to_string).collect();
            row.join(" ")
        })
        .collect();
    Puzzle::from_str(&rows.join("/")).unwrap_or_else(|e| panic!("slidy refuses {tiles:?}: {e:?}"))
}

/// One instance's figures.
struct Row {
    id: u32,
    optimal: u64,
    ours: (f64, f64),
    theirs: (f64, f64),
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick")
        || std::env::var("KORF_BENCH_QUICK").is_ok_and(|v| v != "0" && !v.is_empty());
    let small = args
        .windows(2)
        .any(|w| w[0] == "--tables" && w[1] == "6-6-3");
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/korf100.tsv");
    let mut all = instances::read(path.as_ref(), 16).unwrap_or_else(|e| panic!("{e}"));
    if quick {
        all.truncate(QUICK);
    }
    let goal: Vec<u8> = (1..16).chain([0]).collect();
    // As `korf` does: a hundred searches gain more from huge pages than reading the tables into them costs.
    solver::pdb::use_huge_pages(true);
    let pdb = our_tables(&goal, small);
    let (slidy, slidy_ms, _) = timed(Solver4x4Stm::new);
    eprintln!("slidy's pattern databases: built, {slidy_ms:.0} ms");

    println!(
        "# Korf's 100{}, goal 1..15,0: ours = IDA* + {} pattern databases with the reflection; slidy 0.3 = Solver4x4Stm",
        if quick { " (the first 15: --quick)" } else { "" },
        pdb.tables().partition().name()
    );
    println!(
        "{:>4} {:>7} {:>10} {:>10} {:>7}",
        "id", "optimum", "ours ms", "slidy ms", "ratio"
    );
    let mut rows = Vec::with_capacity(all.len());
    for (i, instance) in all.iter().enumerate() {
        let start = &instance.blank_last;
        let run_ours =
            || timed(|| solve_idastar(&pdb, start, &mut Control::new(Limits::default())));
        let puzzle = slidy_puzzle(start);
        let run_theirs = || timed(|| slidy.solve(&puzzle));
        let (ours, theirs) = if i % 2 == 0 {
            let ours = run_ours();
            (ours, run_theirs())
        } else {
            let theirs = run_theirs();
            (run_ours(), theirs)
        };
        let (outcome, our_ms, our_cpu) = ours;
        assert_eq!(
            outcome.status,
            Status::Solved,
            "ours, instance {}",
            instance.id
        );
        assert_eq!(
            outcome.length, instance.optimal,
            "ours, instance {}",
            instance.id
        );
        let letters = moves_to_string(&outcome.moves);
        assert_eq!(
            check_sliding(4, 4, start, &goal, &letters),
            Ok(()),
            "ours, instance {}",
            instance.id
        );
        let (solution, their_ms, their_cpu) = theirs;
        let solution =
            solution.unwrap_or_else(|e| panic!("slidy, instance {}: {e:?}", instance.id));
        let their_length: u64 = solution.len_stm();
        assert_eq!(
            their_length, instance.optimal,
            "slidy, instance {}",
            instance.id
        );
        let mut replayed = puzzle.clone();
        assert!(
            replayed.try_apply_alg(&solution) && replayed.is_solved(),
            "slidy's answer to instance {} does not replay",
            instance.id
        );
        println!(
            "{:>4} {:>7} {:>10.2} {:>10.2} {:>6.1}x",
            instance.id,
            instance.optimal,
            our_ms,
            their_ms,
            their_ms / our_ms.max(1e-6)
        );
        rows.push(Row {
            id: instance.id,
            optimal: instance.optimal,
            ours: (our_ms, our_cpu),
            theirs: (their_ms, their_cpu),
        });
    }
    let sum = |f: fn(&Row) -> f64| rows.iter().map(f).sum::<f64>();
    let (ours, theirs) = (sum(|r| r.ours.0), sum(|r| r.theirs.0));
    let (ours_cpu, theirs_cpu) = (sum(|r| r.ours.1), sum(|r| r.theirs.1));
    println!(
        "total: {} instances, all optimal; wall: ours {ours:.0} ms, slidy {theirs:.0} ms, ratio {:.1}x; \
         CPU: ours {ours_cpu:.0} ms, slidy {theirs_cpu:.0} ms, ratio {:.1}x",
        rows.len(),
        theirs / ours.max(1e-6),
        theirs_cpu / ours_cpu.max(1e-6)
    );
    let slowest = rows
        .iter()
        .max_by(|a, b| a.ours.0.total_cmp(&b.ours.0))
        .map_or(0, |r| r.id);
    let longest = rows.iter().map(|r| r.optimal).max().unwrap_or(0);
    println!("our slowest instance: {slowest}; the longest optimum: {longest} moves");
}
