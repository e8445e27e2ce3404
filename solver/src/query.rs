//! The PUZZLE format: the query string the app's share URL carries and the CLI reads. One parser, one printer.
//!
//! `puzzle=sliding&size=3x3&start=8,6,7,2,5,4,3,0,1&goal=1,2,3,4,5,6,7,8,0&algo=astar&heuristic=manhattan`
//! `puzzle=hanoi&pegs=3&disks=4&start=0,0,0,0&goal=2,2,2,2&algo=bfs`
//! `puzzle=sliding&size=5x5&start=...&algo=weighted&weight=1.5` (`weight`, w in f = g + w*h, is for `algo=weighted` only)
//!
//! [`parse`] accepts the query with or without a leading `?`, or a whole URL (the part after `?`, up to any
//! `#`, is read), and percent-decodes keys and values (`%2C` is `,`, `+` is a space). Keys it does not know
//! are ignored, so the app may carry its own (`lang`, ...); a known key given twice is an error. Every error
//! is a [`QueryError`] whose message names the problem. [`Query::to_query_string`] (and `Display`) prints
//! the canonical form, and `parse(&q.to_query_string()) == Ok(q)` for every valid query.
//!
//! ```
//! use solver::query::{parse, PuzzleSpec};
//!
//! let q = parse("?puzzle=hanoi&pegs=3&disks=2&start=0,0").unwrap();
//! // The goal was left out: all disks on the last peg.
//! assert_eq!(q.puzzle, PuzzleSpec::Hanoi { pegs: 3, disks: 2, start: vec![0, 0], goal: vec![2, 2] });
//! assert_eq!(q.to_query_string(), "puzzle=hanoi&pegs=3&disks=2&start=0,0&goal=2,2");
//!
//! let err = parse("puzzle=sliding&size=3y3&start=1").unwrap_err();
//! assert_eq!(err.to_string(), "size '3y3' is not WIDTHxHEIGHT (for example 3x3)");
//! ```

use crate::rules::Algorithm;
use crate::rules::Weight;
use std::fmt;
use std::str::FromStr;

use crate::rules::{check_board, check_pegs};
/// The core types of a puzzle and its sizes live in [`crate::rules`]; re-exported here for the parser's callers.
pub use crate::rules::{
    default_hanoi_goal, default_sliding_goal, HeuristicName, PuzzleKind, PuzzleSpec, QueryError,
    MAX_DISKS, MAX_PEGS, MAX_SEARCH_DISKS, MAX_SIDE, MIN_DISKS, MIN_PEGS, MIN_SIDE,
};

/// A whole query: the puzzle, and the algorithm and heuristic it asks for (defaults that CLI flags override).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Query {
    pub puzzle: PuzzleSpec,
    pub algorithm: Option<Algorithm>,
    pub heuristic: Option<HeuristicName>,
    /// The weight w of `algo=weighted` (f = g + w*h); `None` means [`Weight::DEFAULT`]. Only a
    /// weighted query carries one: [`parse`] refuses it with any other algorithm.
    pub weight: Option<Weight>,
}

impl Query {
    /// A query for `puzzle` that leaves the algorithm and heuristic to the solver's defaults.
    pub fn new(puzzle: PuzzleSpec) -> Query {
        Query {
            puzzle,
            algorithm: None,
            heuristic: None,
            weight: None,
        }
    }

    /// This query with the command line's choices laid over its own (a `Some` wins), checked again:
    /// a heuristic must exist for the puzzle. An algorithm other than `weighted` drops the query's
    /// weight, which belonged to the algorithm it replaces.
    pub fn with_overrides(
        mut self,
        algorithm: Option<Algorithm>,
        heuristic: Option<HeuristicName>,
    ) -> Result<Query, QueryError> {
        if let Some(algorithm) = algorithm {
            self.algorithm = Some(algorithm);
            if algorithm != Algorithm::Weighted {
                self.weight = None;
            }
        }
        if heuristic.is_some() {
            self.heuristic = heuristic;
        }
        check_heuristic(self.puzzle.kind(), self.heuristic)?;
        Ok(self)
    }

    /// This query with the command line's weight laid over its own (a `Some` wins), checked again: a
    /// weight needs `algo=weighted`. A weight on a query that names no algorithm selects `weighted`.
    pub fn with_weight(mut self, weight: Option<Weight>) -> Result<Query, QueryError> {
        if weight.is_some() {
            self.weight = weight;
            if self.algorithm.is_none() {
                self.algorithm = Some(Algorithm::Weighted);
            }
        }
        check_weight(self.algorithm, self.weight)?;
        Ok(self)
    }

    /// The algorithm and heuristic this query runs with: what it names, else the puzzle's
    /// [`crate::rules::default_choice`]; a named algorithm without a heuristic takes the kind's usual one
    /// ([`crate::rules::default_heuristic`]). The heuristic is `Some` exactly when the algorithm uses one.
    pub fn choice(&self) -> crate::rules::Choice {
        let (algorithm, chosen) = match self.algorithm {
            Some(algorithm) => (algorithm, None),
            None => {
                let choice = crate::rules::default_choice(&self.puzzle);
                (choice.algorithm, choice.heuristic)
            }
        };
        let heuristic = algorithm.uses_heuristic().then(|| {
            self.heuristic
                .or(chosen)
                .unwrap_or_else(|| crate::rules::default_heuristic(&self.puzzle))
        });
        crate::rules::Choice {
            algorithm,
            heuristic,
        }
    }

    /// The weight a weighted search of this query uses: its own, else [`Weight::DEFAULT`].
    pub fn weight_or_default(&self) -> Weight {
        self.weight.unwrap_or(Weight::DEFAULT)
    }

    /// The canonical PUZZLE string, without a leading `?`: puzzle, size (or pegs and disks), start, goal,
    /// then algo, heuristic and weight when set. It needs no percent-encoding.
    pub fn to_query_string(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Query {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.puzzle {
            PuzzleSpec::Sliding {
                width,
                height,
                start,
                goal,
            } => {
                write!(f, "puzzle=sliding&size={width}x{height}&start=")?;
                write_list(f, start)?;
                f.write_str("&goal=")?;
                write_list(f, goal)?;
            }
            PuzzleSpec::Hanoi {
                pegs,
                disks,
                start,
                goal,
            } => {
                write!(f, "puzzle=hanoi&pegs={pegs}&disks={disks}&start=")?;
                write_list(f, start)?;
                f.write_str("&goal=")?;
                write_list(f, goal)?;
            }
        }
        if let Some(algorithm) = self.algorithm {
            write!(f, "&algo={}", algorithm.name())?;
        }
        if let Some(heuristic) = self.heuristic {
            write!(f, "&heuristic={}", heuristic.name())?;
        }
        if let Some(weight) = self.weight {
            write!(f, "&weight={weight}")?;
        }
        Ok(())
    }
}

impl FromStr for Query {
    type Err = QueryError;

    fn from_str(s: &str) -> Result<Query, QueryError> {
        parse(s)
    }
}

fn write_list(f: &mut fmt::Formatter<'_>, items: &[u8]) -> fmt::Result {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

/// The keys the format knows, in canonical order. Anything else is ignored.
const KEYS: [&str; 9] = [
    "puzzle",
    "size",
    "pegs",
    "disks",
    "start",
    "goal",
    "algo",
    "heuristic",
    "weight",
];

/// Parses a PUZZLE string: a query (`puzzle=...&...`), with or without a leading `?`, or a whole URL.
///
/// Checks everything a search needs: sizes in range, `start` and `goal` complete and legal (each tile
/// once; each disk on an existing peg), names known, the heuristic one of the puzzle's, a weight only
/// with `algo=weighted` and from 1 to 10. An absent `goal` is filled in with the default one. It never panics, whatever the input.
pub fn parse(input: &str) -> Result<Query, QueryError> {
    let fields = Fields::read(query_part(input)?)?;
    let kind_text = fields.required("puzzle")?;
    let kind = PuzzleKind::from_name(&kind_text.to_ascii_lowercase())
        .ok_or_else(|| QueryError::UnknownPuzzle(kind_text.to_string()))?;

    let puzzle = match kind {
        PuzzleKind::Sliding => {
            fields.reject(&["pegs", "disks"], kind)?;
            let (width, height) = parse_size(fields.required("size")?)?;
            let start = parse_list("start", fields.required("start")?)?;
            check_board("start", width, height, &start)?;
            let goal = match fields.get("goal") {
                Some(text) => {
                    let goal = parse_list("goal", text)?;
                    check_board("goal", width, height, &goal)?;
                    small(&goal)
                }
                None => default_sliding_goal(width, height),
            };
            PuzzleSpec::Sliding {
                width,
                height,
                start: small(&start),
                goal,
            }
        }
        PuzzleKind::Hanoi => {
            fields.reject(&["size"], kind)?;
            let pegs = parse_count(
                "pegs",
                fields.required("pegs")?,
                MIN_PEGS,
                MAX_PEGS,
                QueryError::PegsOutOfRange,
            )?;
            let disks = parse_count(
                "disks",
                fields.required("disks")?,
                MIN_DISKS,
                MAX_DISKS,
                QueryError::DisksOutOfRange,
            )?;
            let start = parse_list("start", fields.required("start")?)?;
            check_pegs("start", pegs, disks, &start)?;
            let goal = match fields.get("goal") {
                Some(text) => {
                    let goal = parse_list("goal", text)?;
                    check_pegs("goal", pegs, disks, &goal)?;
                    small(&goal)
                }
                None => default_hanoi_goal(pegs, disks),
            };
            PuzzleSpec::Hanoi {
                pegs,
                disks,
                start: small(&start),
                goal,
            }
        }
    };

    let algorithm = fields
        .get("algo")
        .map(|text| {
            Algorithm::from_name(&text.to_ascii_lowercase())
                .ok_or_else(|| QueryError::UnknownAlgorithm(text.to_string()))
        })
        .transpose()?;
    let heuristic = fields
        .get("heuristic")
        .map(|text| {
            HeuristicName::from_name(&text.to_ascii_lowercase())
                .ok_or_else(|| QueryError::UnknownHeuristic(text.to_string()))
        })
        .transpose()?;
    check_heuristic(kind, heuristic)?;
    let weight = fields
        .get("weight")
        .map(|text| text.parse::<Weight>().map_err(QueryError::Weight))
        .transpose()?;
    check_weight(algorithm, weight)?;
    Ok(Query {
        puzzle,
        algorithm,
        heuristic,
        weight,
    })
}

/// A weight goes with `algo=weighted` only.
fn check_weight(algorithm: Option<Algorithm>, weight: Option<Weight>) -> Result<(), QueryError> {
    match (weight, algorithm) {
        (Some(_), algorithm) if algorithm != Some(Algorithm::Weighted) => {
            Err(QueryError::WeightWithoutWeighted { algorithm })
        }
        _ => Ok(()),
    }
}

fn check_heuristic(kind: PuzzleKind, heuristic: Option<HeuristicName>) -> Result<(), QueryError> {
    match heuristic {
        Some(heuristic) if !heuristic.applies_to(kind) => Err(QueryError::HeuristicNotForPuzzle {
            heuristic,
            puzzle: kind,
        }),
        _ => Ok(()),
    }
}

/// The query part of `input`: after the first `?` if there is one, before any `#`, trimmed.
fn query_part(input: &str) -> Result<&str, QueryError> {
    let input = input.trim();
    let input = input.split_once('#').map_or(input, |(before, _)| before);
    let query = match input.split_once('?') {
        Some((_, query)) => query,
        None if input.contains("://") => return Err(QueryError::NoQuery),
        None => input,
    };
    if query.trim().is_empty() {
        return Err(QueryError::Empty);
    }
    Ok(query)
}

/// The known keys' decoded, trimmed values, each at most once.
struct Fields {
    values: [Option<String>; KEYS.len()],
}

impl Fields {
    fn read(query: &str) -> Result<Fields, QueryError> {
        let mut values: [Option<String>; KEYS.len()] = Default::default();
        for pair in query.split('&').filter(|pair| !pair.is_empty()) {
            let (raw_key, raw_value) = pair.split_once('=').unwrap_or((pair, ""));
            let key = percent_decode(raw_key)?;
            // Unknown keys are skipped before their values are decoded: the app may carry its own.
            let Some(slot) = KEYS.iter().position(|known| *known == key.trim()) else {
                continue;
            };
            if values[slot].is_some() {
                return Err(QueryError::DuplicateKey(KEYS[slot]));
            }
            let value = percent_decode(raw_value)?;
            let value = value.trim();
            if value.is_empty() {
                return Err(QueryError::EmptyValue(KEYS[slot]));
            }
            values[slot] = Some(value.to_string());
        }
        Ok(Fields { values })
    }

    fn get(&self, key: &'static str) -> Option<&str> {
        KEYS.iter()
            .position(|known| *known == key)
            .and_then(|slot| self.values[slot].as_deref())
    }

    fn required(&self, key: &'static str) -> Result<&str, QueryError> {
        self.get(key).ok_or(QueryError::Missing(key))
    }

    /// Refuses the keys of the other kind of puzzle.
    fn reject(&self, keys: &[&'static str], kind: PuzzleKind) -> Result<(), QueryError> {
        match keys.iter().find(|key| self.get(key).is_some()) {
            Some(key) => Err(QueryError::WrongKey { key, puzzle: kind }),
            None => Ok(()),
        }
    }
}

/// Decodes `+` as a space and `%XY` as the byte 0xXY, then reads the bytes as UTF-8.
fn percent_decode(text: &str) -> Result<String, QueryError> {
    if !text.contains(['%', '+']) {
        return Ok(text.to_string());
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b'%' => {
                let hex = |b: Option<&u8>| b.and_then(|b| char::from(*b).to_digit(16));
                match (hex(bytes.get(i + 1)), hex(bytes.get(i + 2))) {
                    (Some(high), Some(low)) => {
                        // Two hex digits make at most 0xFF.
                        out.push((high * 16 + low) as u8);
                        i += 3;
                    }
                    _ => {
                        let escape: String = text[i + 1..].chars().take(2).collect();
                        return Err(QueryError::BadEscape { escape });
                    }
                }
            }
            byte => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| QueryError::NotUtf8 {
        text: text.to_string(),
    })
}

/// A whole number of ASCII digits, or `None`. Values past `u64::MAX` saturate: they are out of every range.
fn parse_uint(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.bytes().fold(0u64, |n, b| {
        n.saturating_mul(10).saturating_add(u64::from(b - b'0'))
    }))
}

fn parse_size(text: &str) -> Result<(u8, u8), QueryError> {
    let bad = || QueryError::BadSize(text.to_string());
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h) = (
        parse_uint(w.trim()).ok_or_else(bad)?,
        parse_uint(h.trim()).ok_or_else(bad)?,
    );
    let side = |n: u64| {
        u8::try_from(n)
            .ok()
            .filter(|n| (MIN_SIDE..=MAX_SIDE).contains(n))
    };
    match (side(w), side(h)) {
        (Some(w), Some(h)) => Ok((w, h)),
        _ => Err(QueryError::SizeOutOfRange(text.to_string())),
    }
}

fn parse_count(
    key: &'static str,
    text: &str,
    min: u8,
    max: u8,
    out_of_range: fn(String) -> QueryError,
) -> Result<u8, QueryError> {
    let n = parse_uint(text).ok_or_else(|| QueryError::NotANumber {
        key,
        value: text.to_string(),
    })?;
    u8::try_from(n)
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| out_of_range(text.to_string()))
}

/// A comma-separated list of whole numbers (values past `u64::MAX` saturate; the range checks refuse them).
fn parse_list(key: &'static str, text: &str) -> Result<Vec<u64>, QueryError> {
    text.split(',')
        .enumerate()
        .map(|(i, item)| {
            let item = item.trim();
            parse_uint(item).ok_or_else(|| QueryError::BadListItem {
                key,
                position: i + 1,
                item: item.to_string(),
            })
        })
        .collect()
}

/// A list that passed `check_board` or `check_pegs`, whose values are therefore below 64.
fn small(values: &[u64]) -> Vec<u8> {
    values.iter().map(|&v| v as u8).collect()
}
