//! The parallel builder of large pattern databases (the 15-puzzle's 7-8) and the tables' use, on boards whose
//! tables build in moments: values held against exact distances, optimal answers on Korf's instances, and
//! the solve CLI's choice of tables when a kept 7-8 file cannot be used. The 577 MB tables themselves are
//! never built here (`korf` and `cargo bench --bench korf` build them).

use std::collections::{HashMap, VecDeque};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::Arc;

use serde_json::Value;
use solver::check::check_sliding;
use solver::instances;
use solver::pdb::disk::{cache_file, load_tables_78, TableStore};
use solver::pdb::{
    partition_key, seven_eight_partition, solve_idastar, Geometry, Partition, Pdb, PdbError,
    PdbTables,
};
use solver::search::{Control, Limits, Status};
use solver::sliding::moves_to_string;

fn geometry(w: u8, h: u8) -> Geometry {
    Geometry::new(w, h).unwrap_or_else(|e| panic!("{e}"))
}

/// Every board of a `w` x `h` puzzle that reaches `goal`, with its exact distance (plain BFS).
fn exact_distances(w: u8, h: u8, goal: &[u8]) -> HashMap<Vec<u8>, u8> {
    let g = geometry(w, h);
    let mut dist = HashMap::new();
    let mut queue = VecDeque::new();
    dist.insert(goal.to_vec(), 0u8);
    queue.push_back(goal.to_vec());
    while let Some(board) = queue.pop_front() {
        let d = dist[&board];
        let blank = board.iter().position(|&t| t == 0).unwrap_or(0);
        for cell in 0..g.cells() {
            let adjacent = g.manhattan(blank, cell) == 1;
            if adjacent {
                let mut next = board.clone();
                next.swap(blank, cell);
                if !dist.contains_key(&next) {
                    dist.insert(next.clone(), d + 1);
                    queue.push_back(next);
                }
            }
        }
    }
    dist
}

/// A board (width, height), its goal, and the groups of goal cells to build.
type Case = (u8, u8, Vec<u8>, Vec<Vec<u8>>);

/// Bytes written where the 7-8 file belongs, and the error they must give.
type Damage = (Vec<u8>, fn(&PdbError) -> bool);

#[test]
fn two_halves_on_small_boards_never_overestimate_and_one_group_is_exact() {
    // The 7-8's shape (the board cut into two groups of goal cells, the reflection where there is one),
    // built by the parallel builder, against every board's true distance.
    let cases: [Case; 3] = [
        (
            3,
            3,
            vec![1, 2, 3, 4, 5, 6, 7, 8, 0],
            vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]],
        ),
        (
            3,
            3,
            vec![0, 1, 2, 3, 4, 5, 6, 7, 8],
            vec![vec![1, 2, 3], vec![4, 5, 6, 7, 8]],
        ),
        (
            4,
            2,
            vec![1, 2, 3, 4, 5, 6, 7, 0],
            vec![vec![0, 1, 2, 3], vec![4, 5, 6]],
        ),
    ];
    for (w, h, goal, groups) in cases {
        let g = geometry(w, h);
        let blank = goal.iter().position(|&t| t == 0).unwrap_or(0) as u8;
        let exact = exact_distances(w, h, &goal);
        let halves = Partition::new(&g, blank, groups).unwrap_or_else(|e| panic!("{e}"));
        let pdb = Pdb::new(
            Arc::new(PdbTables::build_parallel(&g, &halves, 2, |_| {})),
            &goal,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let mut strictly_below = 0;
        for (board, &d) in &exact {
            let h = pdb.estimate(board);
            assert!(h <= d as u32, "{w}x{h}: {board:?} estimated {h} > {d}");
            strictly_below += usize::from(h < d as u32);
        }
        assert!(
            strictly_below > 0,
            "a heuristic of two groups is not exact everywhere"
        );
        // All tiles in one group: the abstraction is the puzzle, the table its exact distances.
        let cells: Vec<u8> = (0..g.cells() as u8).filter(|&c| c != blank).collect();
        let whole = Partition::new(&g, blank, vec![cells]).unwrap_or_else(|e| panic!("{e}"));
        let exact_pdb = Pdb::new(
            Arc::new(PdbTables::build_parallel(&g, &whole, 2, |_| {})),
            &goal,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        for (board, &d) in &exact {
            assert_eq!(exact_pdb.estimate(board), d as u32, "{board:?}");
        }
    }
}

#[test]
fn tables_from_the_parallel_builder_solve_korf_instances_optimally() {
    // A 5-5-5 partition of the 4x4 (three tables of 524,160 placements) built by the parallel builder on
    // two threads; the instances IDA* solves quickly with it; lengths from the data file.
    let g = Geometry::fifteen();
    let goal: Vec<u8> = (1..16).chain([0]).collect();
    let partition = Partition::new(
        &g,
        15,
        vec![
            vec![0, 1, 4, 5, 8],
            vec![2, 3, 6, 7, 11],
            vec![9, 10, 12, 13, 14],
        ],
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let tables = PdbTables::build_parallel(&g, &partition, 2, |_| {});
    let pdb = Pdb::new(Arc::new(tables), &goal).unwrap_or_else(|e| panic!("{e}"));
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/korf100.tsv");
    let all = instances::read(path.as_ref(), 16).unwrap_or_else(|e| panic!("{e}"));
    for id in [55, 12, 79, 42] {
        let instance = all
            .iter()
            .find(|i| i.id == id)
            .unwrap_or_else(|| panic!("{id}"));
        let outcome = solve_idastar(
            &pdb,
            &instance.blank_last,
            &mut Control::new(Limits::default()),
        );
        assert_eq!(outcome.status, Status::Solved, "instance {id}");
        assert_eq!(outcome.length, instance.optimal, "instance {id}");
        let moves = moves_to_string(&outcome.moves);
        assert_eq!(
            check_sliding(4, 4, &instance.blank_last, &goal, &moves),
            Ok(())
        );
    }
}

/// A directory of its own for one test, empty.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "puzzle-lab-pdb-large-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    dir
}

#[test]
fn a_kept_7_8_file_is_read_only_when_sound_and_never_built_by_a_plain_load() {
    let dir = fresh_dir("load");
    let store = TableStore::Dir(dir.clone());
    let goal: Vec<u8> = (1..16).chain([0]).collect();
    // No file: nothing to use, nothing built.
    assert_eq!(load_tables_78(&goal, &store), Ok(None));
    assert_eq!(load_tables_78(&goal, &TableStore::Nowhere), Ok(None));
    let key = partition_key(
        &Geometry::fifteen(),
        &seven_eight_partition(15).unwrap_or_else(|e| panic!("{e}")),
    );
    let path = cache_file(&dir, &key);
    // Damaged files of every kind are refused at once (no 577 MB needed): not a table file, an old version,
    // a header cut short, tables cut short.
    let header = b"PZLABPDB\x02\x00\x00\x00\x04\x04\x0f\x02\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x08\x00\x01\x02\x03\x04\x05\x06\x07";
    let mut old = header.to_vec();
    old[8] = 0;
    let cases: [Damage; 4] = [
        (b"hello".to_vec(), |e| *e == PdbError::NotAPdbFile),
        (old, |e| {
            matches!(e, PdbError::UnsupportedVersion { found: 0, .. })
        }),
        (header[..20].to_vec(), |e| {
            matches!(e, PdbError::Truncated { .. })
        }),
        (
            [&header[..], &[0u8; 1000]].concat(),
            |e| matches!(e, PdbError::Truncated { expected, .. } if *expected > 500_000_000),
        ),
    ];
    for (bytes, expected) in cases {
        std::fs::write(&path, &bytes).unwrap_or_else(|e| panic!("{e}"));
        match load_tables_78(&goal, &store) {
            Err(e) => assert!(expected(&e), "{e}"),
            Ok(found) => panic!("a damaged file was used: {found:?}"),
        }
    }
    // A batch (which would use kept 7-8 tables) then answers with the 6-6-3 tables, says why, and leaves the
    // file for --pdb-78 to rebuild.
    let mut child = Command::new(env!("CARGO_BIN_EXE_solve"))
        .args(["--batch", "--json", "--pdb-cache"])
        .arg(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    child
        .stdin
        .take()
        .map(|mut stdin| {
            stdin.write_all(
                b"puzzle=sliding&size=4x4&start=1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15&algo=idastar&heuristic=pdb\n",
            )
        })
        .transpose()
        .unwrap_or_else(|e| panic!("{e}"));
    let out = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let json: Value =
        serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("{e}: {stdout}"));
    assert_eq!(json["status"], "solved", "{json}");
    assert_eq!(json["length"], 1, "{json}");
    assert_eq!(json["tables"]["name"], "6-6-3", "{json}");
    assert_eq!(json["tables"]["source"], "built", "{json}");
    assert!(
        stderr.contains("7-8 pattern databases were not used") && stderr.contains("--pdb-78"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
