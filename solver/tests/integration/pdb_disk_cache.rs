//! The `solve` binary's pattern databases on disk: where they are kept (flag, environment, XDG), and
//! that a damaged, truncated, old-format or foreign file is never trusted but rebuilt, replaced, and
//! gives the same answers. Boards are 3x3, whose tables build in moments; the code is the same for 4x4.

use serde_json::Value;
use solver::check::check_sliding;
use std::path::{Path, PathBuf};
use std::process::Command;

const START: [u8; 9] = [8, 6, 7, 2, 5, 4, 3, 0, 1];
const GOAL: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 0];
/// The 8-puzzle's hardest start (31 moves), IDA* on the pattern databases.
const QUERY: &str = "puzzle=sliding&size=3x3&start=8,6,7,2,5,4,3,0,1&algo=idastar&heuristic=pdb";

/// A directory of its own for one test, empty.
fn fresh_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("puzzle-lab-pdb-disk-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

/// One run of `solve --json` with `args` and the query, with `env` set and the cache variables
/// otherwise removed (so that no test touches the user's own cache). Returns the JSON and stderr.
fn solve(args: &[&str], env: &[(&str, &Path)]) -> (Value, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_solve"));
    command
        .arg("--json")
        .args(args)
        .arg(QUERY)
        .env_remove("PUZZLE_LAB_CACHE")
        .env_remove("XDG_CACHE_HOME");
    for (name, value) in env {
        command.env(name, value);
    }
    let out = command.output().expect("the solve binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(0), "{stdout} {stderr}");
    let json = serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("{e}: {stdout}"));
    (json, stderr)
}

/// The answer is the optimal one, replayed by the checker, and says where its tables came from.
fn assert_solved(json: &Value, source: &str) {
    assert_eq!(json["status"], "solved", "{json}");
    assert_eq!(json["length"], 31, "{json}");
    let moves = json["moves"].as_str().expect("moves");
    assert_eq!(check_sliding(3, 3, &START, &GOAL, moves), Ok(()));
    assert_eq!(json["tables"]["source"], source, "{json}");
    assert!(json["tables"]["ms"].is_number(), "{json}");
    assert!(json["stats"]["elapsed_ms"].is_number(), "{json}");
}

/// The files in `dir`, by name.
fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// The one table file in `dir`.
fn table_file(dir: &Path) -> PathBuf {
    let names = files(dir);
    assert_eq!(names.len(), 1, "one file, and no temporary left: {names:?}");
    assert!(names[0].starts_with("pdb-3x3-") && names[0].ends_with(".bin"));
    dir.join(&names[0])
}

#[test]
fn the_second_run_reads_the_tables_from_the_cache_directory() {
    let dir = fresh_dir("flag");
    let flag = dir.to_string_lossy().into_owned();
    let (first, _) = solve(&["--pdb-cache", &flag], &[]);
    assert_solved(&first, "built");
    let file = table_file(&dir);
    let (second, _) = solve(&["--pdb-cache", &flag], &[]);
    assert_solved(&second, "disk");
    assert_eq!(first["moves"], second["moves"]);
    assert_eq!(table_file(&dir), file);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_environment_and_xdg_choose_the_directory_and_no_cache_writes_nothing() {
    let env_dir = fresh_dir("env");
    let (json, _) = solve(&[], &[("PUZZLE_LAB_CACHE", &env_dir)]);
    assert_solved(&json, "built");
    table_file(&env_dir);
    let (json, _) = solve(&[], &[("PUZZLE_LAB_CACHE", &env_dir)]);
    assert_solved(&json, "disk");

    // The flag wins over the environment.
    let flag_dir = fresh_dir("env-flag");
    let flag = flag_dir.to_string_lossy().into_owned();
    let (json, _) = solve(&["--pdb-cache", &flag], &[("PUZZLE_LAB_CACHE", &env_dir)]);
    assert_solved(&json, "built");
    table_file(&flag_dir);

    let xdg = fresh_dir("xdg");
    let (json, _) = solve(&[], &[("XDG_CACHE_HOME", &xdg), ("HOME", &xdg)]);
    assert_solved(&json, "built");
    table_file(&xdg.join("puzzle-lab"));

    let none = fresh_dir("none");
    let (json, _) = solve(&["--no-pdb-cache"], &[("PUZZLE_LAB_CACHE", &none)]);
    assert_solved(&json, "built");
    assert!(files(&none).is_empty(), "{:?}", files(&none));
    for dir in [env_dir, flag_dir, xdg, none] {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn the_pdb_file_flag_still_keeps_one_file() {
    let dir = fresh_dir("file");
    let path = dir.join("my tables.bin");
    let shown = path.to_string_lossy().into_owned();
    let (json, _) = solve(&["--pdb-file", &shown], &[]);
    assert_solved(&json, "built");
    assert!(path.is_file());
    let (json, _) = solve(&["--pdb-file", &shown], &[]);
    assert_solved(&json, "disk");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn damaged_files_are_rebuilt_never_trusted() {
    let dir = fresh_dir("damage");
    let flag = dir.to_string_lossy().into_owned();
    let (good, _) = solve(&["--pdb-cache", &flag], &[]);
    assert_solved(&good, "built");
    let file = table_file(&dir);
    let original = std::fs::read(&file).expect("the table file");

    // Another partition's tables: those built for goals with the blank on cell 0.
    let other_dir = fresh_dir("damage-other");
    let other_path = other_dir.join("other.bin");
    let out = Command::new(env!("CARGO_BIN_EXE_solve"))
        .args(["--json", "--pdb-file"])
        .arg(&other_path)
        .arg("puzzle=sliding&size=3x3&start=1,2,3,4,5,6,7,8,0&goal=0,1,2,3,4,5,6,7,8&algo=idastar&heuristic=pdb")
        .output()
        .expect("the solve binary runs");
    assert_eq!(out.status.code(), Some(0));
    let other = std::fs::read(&other_path).expect("the other partition's file");
    assert_ne!(other, original);

    let mut flipped = original.clone();
    let middle = flipped.len() / 2;
    flipped[middle] ^= 0x04;
    let mut old_version = original.clone();
    old_version[8..12].copy_from_slice(&0u32.to_le_bytes());
    let mut longer = original.clone();
    longer.extend_from_slice(b"more");
    let cases: [(&str, Vec<u8>, &str); 7] = [
        (
            "truncated",
            original[..original.len() / 3].to_vec(),
            "truncated",
        ),
        ("cut in the header", original[..10].to_vec(), "truncated"),
        ("empty", Vec::new(), "not a pattern database file"),
        ("one byte flipped", flipped, "checksum"),
        ("an old format", old_version, "format version 0"),
        ("bytes after the end", longer, "after the end of the tables"),
        ("another partition", other, "holds the tables of partition"),
    ];
    for (what, bytes, reason) in cases {
        std::fs::write(&file, &bytes).expect("the damaged file is written");
        let (json, stderr) = solve(&["--pdb-cache", &flag], &[]);
        assert_solved(&json, "built");
        assert_eq!(json["moves"], good["moves"], "{what}");
        assert!(
            stderr.contains("was not used") && stderr.contains(reason),
            "{what}: {stderr}"
        );
        // Replaced by good tables (the build is deterministic), which the next run trusts.
        assert_eq!(table_file(&dir), file, "{what}");
        assert!(
            std::fs::read(&file).ok() == Some(original.clone()),
            "{what}: not replaced"
        );
        let (json, stderr) = solve(&["--pdb-cache", &flag], &[]);
        assert_solved(&json, "disk");
        assert!(stderr.is_empty(), "{what}: {stderr}");
    }
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&other_dir);
}

#[test]
fn an_unwritable_cache_still_answers() {
    let dir = fresh_dir("unwritable");
    // A file where the directory should be: nothing can be saved under it.
    let blocker = dir.join("not-a-dir");
    std::fs::write(&blocker, b"x").expect("a file");
    let flag = blocker.to_string_lossy().into_owned();
    let (json, stderr) = solve(&["--pdb-cache", &flag], &[]);
    assert_solved(&json, "built");
    assert!(stderr.contains("not saved"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
