//! The readable report: what was asked, the start and goal drawn, the result, the moves in words, and the
//! statistics, wrapped for a terminal.

use super::answer::Answer;
use solver::hanoi::{self, HanoiMove};
use solver::numbers::{bytes, count};
use solver::query::PuzzleSpec;
use solver::report::Tables;
use solver::search::Status;
use solver::sliding::{self, Dir, Shape};
use solver::{Moves, Report};
use std::fmt::{self, Write as _};

/// How many moves the readable report lists before it summarises the rest.
const LISTED_MOVES: usize = 200;

/// The readable report: what was asked, the boards, the result, the moves in words, the statistics.
pub(crate) fn readable(answer: &Answer) -> String {
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
    use solver::query;

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
