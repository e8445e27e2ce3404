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
//!
//! Parts: [`args`] reads the command line, [`answer`] answers one PUZZLE, [`tables`] readies the tables its search
//! looks up, [`render`] writes the readable report; this file runs them over one PUZZLE or a batch.

mod answer;
mod args;
mod render;
mod tables;

use answer::{answer, Answer};
use args::{Options, Refusal};
use render::readable;
use std::ffi::OsString;
use std::fmt;
use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;

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
