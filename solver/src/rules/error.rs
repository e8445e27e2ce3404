//! Why a puzzle was refused ([`QueryError`]): the one error type of the PUZZLE format and of a puzzle's own
//! checks, so that a bad CLI flag, a bad URL key and a bad board get the same words.

use super::limits::{
    MAX_DISKS, MAX_PEGS, MAX_SEARCH_DISKS, MAX_SIDE, MIN_DISKS, MIN_PEGS, MIN_SIDE,
};
use super::names::{Algorithm, HeuristicName, PuzzleKind};
use super::weight::WeightError;
use std::fmt;

/// Why a PUZZLE string was refused. Every message names the problem and, where it helps, the fix.
///
/// Texts quoted from the input are kept as given (`value`, `item`, ...); messages shorten very long ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QueryError {
    /// Nothing to read (an empty string, a bare `?`).
    Empty,
    /// A URL (it has `://`) without a `?query` part.
    NoQuery,
    /// A `%` not followed by two hex digits; `escape` is what followed it.
    BadEscape { escape: String },
    /// Percent-decoding gave bytes that are not UTF-8 text; `text` is the raw key or value.
    NotUtf8 { text: String },
    /// A known key given more than once.
    DuplicateKey(&'static str),
    /// A known key with nothing after `=`.
    EmptyValue(&'static str),
    /// A key the puzzle needs is absent.
    Missing(&'static str),
    /// `puzzle` is neither `sliding` nor `hanoi`.
    UnknownPuzzle(String),
    /// A key of the other kind of puzzle (`size` for Hanoi, `pegs` or `disks` for sliding).
    WrongKey {
        key: &'static str,
        puzzle: PuzzleKind,
    },
    /// `size` is not two numbers around an `x`.
    BadSize(String),
    /// A width or height outside 2..=8; holds the size as given.
    SizeOutOfRange(String),
    /// `pegs` or `disks` is not a whole number.
    NotANumber { key: &'static str, value: String },
    /// `pegs` outside 3..=5; holds the value as given.
    PegsOutOfRange(String),
    /// `disks` outside 1..=63; holds the value as given.
    DisksOutOfRange(String),
    /// An item of `start` or `goal` that is not a whole number; `position` counts from 1.
    BadListItem {
        key: &'static str,
        position: usize,
        item: String,
    },
    /// A board list (`key` is `start` or `goal`) whose length is not width x height.
    WrongTileCount {
        key: &'static str,
        got: usize,
        width: u8,
        height: u8,
    },
    /// A peg list whose length is not the number of disks.
    WrongDiskCount {
        key: &'static str,
        got: usize,
        disks: u8,
    },
    /// A tile number not below width x height.
    TileOutOfRange {
        key: &'static str,
        tile: u64,
        width: u8,
        height: u8,
    },
    /// A tile listed twice (so `missing`, the smallest absent tile, is not listed at all).
    DuplicateTile {
        key: &'static str,
        tile: u8,
        missing: u8,
    },
    /// A disk on a peg that does not exist; `disk` counts from 0, the smallest.
    PegOutOfRange {
        key: &'static str,
        disk: usize,
        peg: u64,
        pegs: u8,
    },
    /// An `algo` that is not one of the algorithm names.
    UnknownAlgorithm(String),
    /// A `heuristic` that is not one of the heuristic names.
    UnknownHeuristic(String),
    /// A heuristic of the other kind of puzzle (`manhattan` for Hanoi, ...).
    HeuristicNotForPuzzle {
        heuristic: HeuristicName,
        puzzle: PuzzleKind,
    },
    /// A `weight` that is not a decimal from 1 to 10 with at most two decimals.
    Weight(WeightError),
    /// A `weight` with an algorithm other than `weighted` (`None`: the query names no algorithm).
    WeightWithoutWeighted { algorithm: Option<Algorithm> },
}

impl std::error::Error for QueryError {}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QueryError::Empty => write!(
                f,
                "the puzzle query is empty: give one such as puzzle=sliding&size=3x3&start=1,2,3,4,5,6,7,0,8"
            ),
            QueryError::NoQuery => write!(
                f,
                "the URL has no query: the puzzle goes after '?', for example ?puzzle=sliding&size=3x3&start=1,2,3,4,5,6,7,0,8"
            ),
            QueryError::BadEscape { escape } => write!(
                f,
                "'%{}' is not a percent escape: '%' must be followed by two hex digits (write %25 for a '%' itself)",
                Shown(escape)
            ),
            QueryError::NotUtf8 { text } => {
                write!(f, "'{}' does not percent-decode to UTF-8 text", Shown(text))
            }
            QueryError::DuplicateKey(key) => write!(f, "'{key}' is given twice: give each key once"),
            QueryError::EmptyValue(key) => {
                write!(f, "'{key}' has no value")?;
                if *key == "goal" {
                    write!(f, ": leave goal out for the default goal")?;
                }
                Ok(())
            }
            QueryError::Missing(key) => {
                write!(f, "missing '{key}'")?;
                match *key {
                    "puzzle" => write!(f, ": add puzzle=sliding or puzzle=hanoi"),
                    "size" => write!(f, ": add size=WIDTHxHEIGHT, for example size=3x3"),
                    "pegs" => write!(f, ": add pegs=3 ({MIN_PEGS} to {MAX_PEGS} pegs)"),
                    "disks" => write!(f, ": add disks=N ({MIN_DISKS} to {MAX_DISKS} disks)"),
                    "start" => write!(
                        f,
                        ": list the start position (sliding: the tiles row-major, 0 for the blank; hanoi: the peg of each disk, smallest first)"
                    ),
                    _ => Ok(()),
                }
            }
            QueryError::UnknownPuzzle(value) => {
                write!(f, "unknown puzzle '{}': use sliding or hanoi", Shown(value))
            }
            QueryError::WrongKey { key, puzzle } => {
                let takes = match puzzle {
                    PuzzleKind::Sliding => "size",
                    PuzzleKind::Hanoi => "pegs and disks",
                };
                write!(f, "'{key}' does not apply to a {puzzle} puzzle, which takes {takes}")
            }
            QueryError::BadSize(value) => {
                write!(f, "size '{}' is not WIDTHxHEIGHT (for example 3x3)", Shown(value))
            }
            QueryError::SizeOutOfRange(value) => write!(
                f,
                "size {} is out of range: width and height must each be {MIN_SIDE} to {MAX_SIDE}",
                Shown(value)
            ),
            QueryError::NotANumber { key, value } => {
                write!(f, "{key} '{}' is not a whole number", Shown(value))
            }
            QueryError::PegsOutOfRange(value) => write!(
                f,
                "pegs {} is out of range: use {MIN_PEGS} to {MAX_PEGS} pegs",
                Shown(value)
            ),
            QueryError::DisksOutOfRange(value) => write!(
                f,
                "disks {} is out of range: use {MIN_DISKS} to {MAX_DISKS} disks (searches take up to {MAX_SEARCH_DISKS}; only algo=direct goes beyond)",
                Shown(value)
            ),
            QueryError::BadListItem { key, position, item } => {
                if item.is_empty() {
                    write!(f, "{key} item {position} is empty: write the numbers separated by single commas")
                } else {
                    write!(f, "{key} item {position} ('{}') is not a whole number", Shown(item))
                }
            }
            QueryError::WrongTileCount { key, got, width, height } => {
                let needs = usize::from(*width) * usize::from(*height);
                write!(f, "{key} has {got} numbers but a {width}x{height} board needs {needs}")
            }
            QueryError::WrongDiskCount { key, got, disks } => write!(
                f,
                "{key} has {got} numbers but {disks} disks need {disks} (the peg of each disk, smallest disk first)"
            ),
            QueryError::TileOutOfRange { key, tile, width, height } => {
                let last = usize::from(*width) * usize::from(*height) - 1;
                write!(
                    f,
                    "tile {tile} in {key} is out of range: a {width}x{height} board has tiles 1 to {last} and 0 for the blank"
                )
            }
            QueryError::DuplicateTile { key, tile, missing } => {
                if *tile == 0 {
                    write!(f, "the blank (0) appears twice in {key}")?;
                } else {
                    write!(f, "tile {tile} appears twice in {key}")?;
                }
                if *missing == 0 {
                    write!(f, " and the blank (0) is missing")
                } else {
                    write!(f, " and tile {missing} is missing")
                }
            }
            QueryError::PegOutOfRange { key, disk, peg, pegs } => write!(
                f,
                "disk {disk} in {key} is on peg {peg}, but a {pegs}-peg puzzle has pegs 0 to {}",
                pegs.saturating_sub(1)
            ),
            QueryError::UnknownAlgorithm(value) => {
                write!(f, "unknown algorithm '{}': use one of ", Shown(value))?;
                write_names(f, Algorithm::ALL.into_iter().map(Algorithm::name))
            }
            QueryError::UnknownHeuristic(value) => {
                write!(f, "unknown heuristic '{}': use one of ", Shown(value))?;
                write_names(f, HeuristicName::ALL.into_iter().map(HeuristicName::name))
            }
            QueryError::HeuristicNotForPuzzle { heuristic, puzzle } => {
                write!(f, "heuristic '{heuristic}' does not apply to {puzzle} puzzles: use one of ")?;
                write_names(f, HeuristicName::for_kind(*puzzle).map(HeuristicName::name))
            }
            QueryError::Weight(error) => error.fmt(f),
            QueryError::WeightWithoutWeighted { algorithm } => {
                write!(f, "weight is for algo=weighted only")?;
                match algorithm {
                    Some(algorithm) => write!(
                        f,
                        ", and this query asks for {algorithm}: use algo=weighted or leave weight out"
                    ),
                    None => write!(f, ": add algo=weighted, or leave weight out"),
                }
            }
        }
    }
}

fn write_names<'n>(
    f: &mut fmt::Formatter<'_>,
    names: impl Iterator<Item = &'n str>,
) -> fmt::Result {
    for (i, name) in names.enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        f.write_str(name)?;
    }
    Ok(())
}

/// Input text quoted in a message: control characters escaped, and cut after `SHOWN_CHARS` characters
/// so that a pasted megabyte does not become a megabyte of message.
struct Shown<'a>(&'a str);

const SHOWN_CHARS: usize = 40;

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.0.chars().enumerate() {
            if i == SHOWN_CHARS {
                return f.write_str("...");
            }
            if c.is_control() {
                write!(f, "{}", c.escape_debug())?;
            } else {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}
