//! The PUZZLE format under fire: every error message by example, the accepted spellings, the
//! print/parse round trip, and random or mutated strings that must never panic.

use proptest::prelude::*;
use solver::query::{parse, PuzzleKind, QueryError};
use solver::search::Algorithm;
use solver::{HeuristicName, PuzzleSpec, Query};

const EIGHT: &str = "puzzle=sliding&size=3x3&start=8,6,7,2,5,4,3,0,1&goal=1,2,3,4,5,6,7,8,0&algo=astar&heuristic=manhattan";
const HANOI: &str = "puzzle=hanoi&pegs=3&disks=4&start=0,0,0,0&goal=2,2,2,2&algo=bfs";

fn err(input: &str) -> QueryError {
    match parse(input) {
        Ok(q) => panic!("{input:?} was accepted as {q:?}"),
        Err(e) => e,
    }
}

/// The message of the error for `input`, checked to be the expected variant.
fn message(input: &str, expected: QueryError) -> String {
    let e = err(input);
    assert_eq!(e, expected, "for {input:?}");
    e.to_string()
}

#[test]
fn the_spec_examples_parse() {
    let q = parse(EIGHT).unwrap();
    assert_eq!(
        q,
        Query {
            puzzle: PuzzleSpec::Sliding {
                width: 3,
                height: 3,
                start: vec![8, 6, 7, 2, 5, 4, 3, 0, 1],
                goal: vec![1, 2, 3, 4, 5, 6, 7, 8, 0],
            },
            algorithm: Some(Algorithm::Astar),
            heuristic: Some(HeuristicName::Manhattan),
            weight: None,
        }
    );
    assert_eq!(q.to_query_string(), EIGHT);
    assert_eq!(q.to_string(), EIGHT);

    let h = parse(HANOI).unwrap();
    assert_eq!(
        h,
        Query {
            puzzle: PuzzleSpec::Hanoi {
                pegs: 3,
                disks: 4,
                start: vec![0; 4],
                goal: vec![2; 4]
            },
            algorithm: Some(Algorithm::Bfs),
            heuristic: None,
            weight: None,
        }
    );
    assert_eq!(h.to_query_string(), HANOI);
}

#[test]
fn every_accepted_spelling_gives_the_same_query() {
    let want = parse(EIGHT).unwrap();
    let spellings = [
        format!("?{EIGHT}"),
        format!("http://localhost:8080/?{EIGHT}"),
        format!("https://example.org/puzzle-lab/index.html?{EIGHT}#solution"),
        format!("  {EIGHT}\r\n"),
        EIGHT.replace(',', "%2C"),
        EIGHT.replace(',', "%2c"),
        EIGHT.replace(',', ",+"),
        EIGHT.replace("3x3", "3X3"),
        EIGHT.replace("astar", "AStar").replace("sliding", "Sliding"),
        EIGHT.replace("puzzle=", "%70uzzle="),
        format!("lang=zh-CN&{EIGHT}&theme=dark&x"),
        format!("{EIGHT}&&"),
        // Unknown keys are ignored whatever they hold, even a bad escape or a repeat.
        format!("{EIGHT}&note=100%&note=again"),
        // Keys in any order.
        "heuristic=manhattan&algo=astar&goal=1,2,3,4,5,6,7,8,0&start=8,6,7,2,5,4,3,0,1&size=3x3&puzzle=sliding"
            .to_string(),
    ];
    for input in &spellings {
        assert_eq!(parse(input).as_ref(), Ok(&want), "for {input:?}");
        assert_eq!(
            input.parse::<Query>().as_ref(),
            Ok(&want),
            "FromStr for {input:?}"
        );
    }
}

#[test]
fn the_goal_defaults_when_left_out() {
    let q = parse("puzzle=sliding&size=2x3&start=0,1,2,3,4,5").unwrap();
    assert_eq!(q.puzzle.goal(), &[1, 2, 3, 4, 5, 0]);
    assert_eq!(q.algorithm, None);
    assert_eq!(q.heuristic, None);
    assert_eq!(
        q.to_query_string(),
        "puzzle=sliding&size=2x3&start=0,1,2,3,4,5&goal=1,2,3,4,5,0"
    );

    let all: Vec<String> = (0..64).map(|t| t.to_string()).collect();
    let q = parse(&format!("puzzle=sliding&size=8x8&start={}", all.join(","))).unwrap();
    let goal: Vec<u8> = (1..64).chain([0]).collect();
    assert_eq!(q.puzzle.goal(), &goal[..]);

    for (pegs, last) in [(3, 2), (4, 3), (5, 4)] {
        let q = parse(&format!("puzzle=hanoi&pegs={pegs}&disks=3&start=0,1,0")).unwrap();
        assert_eq!(q.puzzle.goal(), &[last; 3], "{pegs} pegs");
    }
    // 63 disks are accepted by the format (direct solvers); the search limit is the solver's business.
    let start = vec!["0"; 63].join(",");
    let q = parse(&format!(
        "puzzle=hanoi&pegs=3&disks=63&start={start}&algo=direct"
    ))
    .unwrap();
    assert_eq!(q.puzzle.goal().len(), 63);
}

#[test]
fn the_validating_constructors_agree_with_the_parser() {
    assert_eq!(
        PuzzleSpec::sliding(2, 2, vec![1, 2, 3, 0], None),
        Ok(PuzzleSpec::Sliding {
            width: 2,
            height: 2,
            start: vec![1, 2, 3, 0],
            goal: vec![1, 2, 3, 0]
        })
    );
    assert_eq!(
        PuzzleSpec::sliding(9, 2, vec![], None),
        Err(QueryError::SizeOutOfRange("9x2".into()))
    );
    assert_eq!(
        PuzzleSpec::sliding(2, 2, vec![1, 2, 3, 3], None),
        Err(QueryError::DuplicateTile {
            key: "start",
            tile: 3,
            missing: 0
        })
    );
    assert_eq!(
        PuzzleSpec::hanoi(4, 2, vec![0, 3], Some(vec![4, 0])),
        Err(QueryError::PegOutOfRange {
            key: "goal",
            disk: 0,
            peg: 4,
            pegs: 4
        })
    );
    assert_eq!(
        PuzzleSpec::hanoi(6, 2, vec![0, 0], None),
        Err(QueryError::PegsOutOfRange("6".into()))
    );
    assert_eq!(
        PuzzleSpec::hanoi(3, 64, vec![0; 64], None),
        Err(QueryError::DisksOutOfRange("64".into()))
    );
}

#[test]
fn overrides_replace_and_are_checked() {
    let q = parse(EIGHT).unwrap();
    let o = q
        .clone()
        .with_overrides(Some(Algorithm::Idastar), None)
        .unwrap();
    assert_eq!(
        (o.algorithm, o.heuristic),
        (Some(Algorithm::Idastar), Some(HeuristicName::Manhattan))
    );
    let o = q
        .clone()
        .with_overrides(None, Some(HeuristicName::LinearConflict))
        .unwrap();
    assert_eq!(
        (o.algorithm, o.heuristic),
        (Some(Algorithm::Astar), Some(HeuristicName::LinearConflict))
    );
    assert_eq!(q.clone().with_overrides(None, None), Ok(q.clone()));
    assert_eq!(
        q.with_overrides(None, Some(HeuristicName::Exact)),
        Err(QueryError::HeuristicNotForPuzzle {
            heuristic: HeuristicName::Exact,
            puzzle: PuzzleKind::Sliding
        })
    );
}

#[test]
fn the_briefs_error_messages() {
    assert_eq!(
        message(
            "puzzle=sliding&size=3y3&start=1",
            QueryError::BadSize("3y3".into())
        ),
        "size '3y3' is not WIDTHxHEIGHT (for example 3x3)"
    );
    assert_eq!(
        message(
            "puzzle=sliding&size=3x3&start=1,2,3,4,5,6,7,0",
            QueryError::WrongTileCount {
                key: "start",
                got: 8,
                width: 3,
                height: 3
            }
        ),
        "start has 8 numbers but a 3x3 board needs 9"
    );
    assert_eq!(
        message(
            "puzzle=sliding&size=3x3&start=1,2,3,4,5,6,7,4,0",
            QueryError::DuplicateTile {
                key: "start",
                tile: 4,
                missing: 8
            }
        ),
        "tile 4 appears twice in start and tile 8 is missing"
    );
    assert_eq!(
        message(
            &EIGHT.replace("astar", "bsf"),
            QueryError::UnknownAlgorithm("bsf".into())
        ),
        "unknown algorithm 'bsf': use one of bfs, bibfs, dfs, astar, idastar, greedy, weighted, direct, staged"
    );
    let m = message("puzzle=sliding&size=3x3", QueryError::Missing("start"));
    assert!(m.starts_with("missing 'start'"), "{m}");
}

#[test]
fn every_other_error_names_its_problem() {
    // (input, the error, words its message must contain)
    let cases: Vec<(String, QueryError, &[&str])> = vec![
        ("".into(), QueryError::Empty, &["empty"]),
        ("   ".into(), QueryError::Empty, &["empty"]),
        ("?".into(), QueryError::Empty, &["empty"]),
        ("#puzzle=sliding".into(), QueryError::Empty, &["empty"]),
        (
            "https://example.org/lab/".into(),
            QueryError::NoQuery,
            &["no query", "'?'"],
        ),
        (
            format!("{EIGHT}&start=1"),
            QueryError::DuplicateKey("start"),
            &["'start' is given twice"],
        ),
        (
            format!("{EIGHT}&algo=bfs"),
            QueryError::DuplicateKey("algo"),
            &["'algo'", "twice"],
        ),
        (
            EIGHT.replace("algo=astar", "algo="),
            QueryError::EmptyValue("algo"),
            &["'algo' has no value"],
        ),
        (
            EIGHT.replace("goal=1,2,3,4,5,6,7,8,0", "goal"),
            QueryError::EmptyValue("goal"),
            &["'goal' has no value", "default goal"],
        ),
        (
            EIGHT.replace("start=8", "start=%G8"),
            QueryError::BadEscape {
                escape: "G8".into(),
            },
            &["'%G8'", "%25"],
        ),
        (
            format!("{EIGHT}&goal=%"),
            QueryError::DuplicateKey("goal"),
            &["twice"],
        ),
        (
            "puzzle=sliding&size=3x3&start=%".into(),
            QueryError::BadEscape { escape: "".into() },
            &["'%'"],
        ),
        (
            "puzzle=sliding&size=3x3&start=%FF".into(),
            QueryError::NotUtf8 { text: "%FF".into() },
            &["UTF-8"],
        ),
        (
            "size=3x3&start=1".into(),
            QueryError::Missing("puzzle"),
            &["missing 'puzzle'", "sliding", "hanoi"],
        ),
        (
            "puzzle=sliding&start=1".into(),
            QueryError::Missing("size"),
            &["missing 'size'", "3x3"],
        ),
        (
            "puzzle=hanoi&disks=3&start=0,0,0".into(),
            QueryError::Missing("pegs"),
            &["missing 'pegs'"],
        ),
        (
            "puzzle=hanoi&pegs=3&start=0,0,0".into(),
            QueryError::Missing("disks"),
            &["missing 'disks'"],
        ),
        (
            "puzzle=hanoi&pegs=3&disks=3".into(),
            QueryError::Missing("start"),
            &["missing 'start'", "peg of each disk"],
        ),
        (
            "puzzle=slidng&size=3x3".into(),
            QueryError::UnknownPuzzle("slidng".into()),
            &["unknown puzzle 'slidng'", "sliding or hanoi"],
        ),
        (
            format!("{EIGHT}&pegs=3"),
            QueryError::WrongKey {
                key: "pegs",
                puzzle: PuzzleKind::Sliding,
            },
            &["'pegs' does not apply to a sliding puzzle", "size"],
        ),
        (
            format!("{HANOI}&size=3x3"),
            QueryError::WrongKey {
                key: "size",
                puzzle: PuzzleKind::Hanoi,
            },
            &["'size' does not apply to a hanoi puzzle", "pegs and disks"],
        ),
        (
            EIGHT.replace("3x3", "3"),
            QueryError::BadSize("3".into()),
            &["'3' is not WIDTHxHEIGHT"],
        ),
        (
            EIGHT.replace("3x3", "x3"),
            QueryError::BadSize("x3".into()),
            &["WIDTHxHEIGHT"],
        ),
        (
            EIGHT.replace("3x3", "3x3x3"),
            QueryError::BadSize("3x3x3".into()),
            &["WIDTHxHEIGHT"],
        ),
        (
            EIGHT.replace("3x3", "-3x3"),
            QueryError::BadSize("-3x3".into()),
            &["WIDTHxHEIGHT"],
        ),
        (
            EIGHT.replace("3x3", "9x3"),
            QueryError::SizeOutOfRange("9x3".into()),
            &["size 9x3 is out of range", "2 to 8"],
        ),
        (
            EIGHT.replace("3x3", "1x3"),
            QueryError::SizeOutOfRange("1x3".into()),
            &["out of range"],
        ),
        (
            EIGHT.replace("3x3", "3x99999999999999999999999"),
            QueryError::SizeOutOfRange("3x99999999999999999999999".into()),
            &["out of range"],
        ),
        (
            HANOI.replace("pegs=3", "pegs=three"),
            QueryError::NotANumber {
                key: "pegs",
                value: "three".into(),
            },
            &["pegs 'three' is not a whole number"],
        ),
        (
            HANOI.replace("disks=4", "disks=4.0"),
            QueryError::NotANumber {
                key: "disks",
                value: "4.0".into(),
            },
            &["disks '4.0' is not a whole number"],
        ),
        (
            HANOI.replace("pegs=3", "pegs=6"),
            QueryError::PegsOutOfRange("6".into()),
            &["pegs 6 is out of range", "3 to 5"],
        ),
        (
            HANOI.replace("pegs=3", "pegs=2"),
            QueryError::PegsOutOfRange("2".into()),
            &["3 to 5"],
        ),
        (
            HANOI.replace("disks=4", "disks=0"),
            QueryError::DisksOutOfRange("0".into()),
            &["disks 0 is out of range", "1 to 63"],
        ),
        (
            HANOI.replace("disks=4", "disks=64"),
            QueryError::DisksOutOfRange("64".into()),
            &["1 to 63", "direct"],
        ),
        (
            EIGHT.replace("8,6,7", "8,six,7"),
            QueryError::BadListItem {
                key: "start",
                position: 2,
                item: "six".into(),
            },
            &["start item 2 ('six') is not a whole number"],
        ),
        (
            EIGHT.replace("8,6,7", "8,,6,7"),
            QueryError::BadListItem {
                key: "start",
                position: 2,
                item: "".into(),
            },
            &["start item 2 is empty"],
        ),
        (
            EIGHT.replace("7,8,0", "7,8,0,"),
            QueryError::BadListItem {
                key: "goal",
                position: 10,
                item: "".into(),
            },
            &["goal item 10 is empty"],
        ),
        (
            EIGHT.replace("7,8,0", "7,8"),
            QueryError::WrongTileCount {
                key: "goal",
                got: 8,
                width: 3,
                height: 3,
            },
            &["goal has 8 numbers but a 3x3 board needs 9"],
        ),
        (
            EIGHT.replace("8,6,7", "9,6,7"),
            QueryError::TileOutOfRange {
                key: "start",
                tile: 9,
                width: 3,
                height: 3,
            },
            &[
                "tile 9 in start is out of range",
                "1 to 8",
                "0 for the blank",
            ],
        ),
        (
            EIGHT.replace("8,6,7", "300,6,7"),
            QueryError::TileOutOfRange {
                key: "start",
                tile: 300,
                width: 3,
                height: 3,
            },
            &["tile 300 in start"],
        ),
        (
            EIGHT.replace("7,8,0", "7,0,0"),
            QueryError::DuplicateTile {
                key: "goal",
                tile: 0,
                missing: 8,
            },
            &["the blank (0) appears twice in goal", "tile 8 is missing"],
        ),
        (
            EIGHT.replace("7,8,0", "7,8,8"),
            QueryError::DuplicateTile {
                key: "goal",
                tile: 8,
                missing: 0,
            },
            &["tile 8 appears twice in goal", "the blank (0) is missing"],
        ),
        (
            HANOI.replace("start=0,0,0,0", "start=0,0,0"),
            QueryError::WrongDiskCount {
                key: "start",
                got: 3,
                disks: 4,
            },
            &["start has 3 numbers but 4 disks need 4"],
        ),
        (
            HANOI.replace("goal=2,2,2,2", "goal=2,3,2,2"),
            QueryError::PegOutOfRange {
                key: "goal",
                disk: 1,
                peg: 3,
                pegs: 3,
            },
            &["disk 1 in goal is on peg 3", "pegs 0 to 2"],
        ),
        (
            HANOI.replace("algo=bfs", "algo=a*"),
            QueryError::UnknownAlgorithm("a*".into()),
            &["unknown algorithm 'a*'", "astar"],
        ),
        (
            EIGHT.replace("manhattan", "manhatan"),
            QueryError::UnknownHeuristic("manhatan".into()),
            &["unknown heuristic 'manhatan'", "linear-conflict", "exact"],
        ),
        (
            format!("{HANOI}&heuristic=manhattan"),
            QueryError::HeuristicNotForPuzzle {
                heuristic: HeuristicName::Manhattan,
                puzzle: PuzzleKind::Hanoi,
            },
            &[
                "heuristic 'manhattan' does not apply to hanoi puzzles",
                "misplaced, exact, seed-power",
            ],
        ),
        (
            EIGHT.replace("manhattan", "seed-power"),
            QueryError::HeuristicNotForPuzzle {
                heuristic: HeuristicName::SeedPower,
                puzzle: PuzzleKind::Sliding,
            },
            &[
                "does not apply to sliding puzzles",
                "misplaced, manhattan, linear-conflict, pdb",
            ],
        ),
    ];
    for (input, expected, words) in cases {
        let m = message(&input, expected);
        for word in words {
            assert!(
                m.contains(word),
                "message {m:?} for {input:?} lacks {word:?}"
            );
        }
    }
}

#[test]
fn quoted_input_is_shortened_and_escaped() {
    let long = "z".repeat(10_000);
    let m = err(&format!("puzzle={long}")).to_string();
    assert!(m.len() < 200, "{} chars", m.len());
    assert!(m.contains("zzz..."), "{m}");
    let m = err("puzzle=sli%0Ading").to_string();
    assert!(m.contains("sli\\nding"), "{m}");
}

fn sliding_spec() -> impl Strategy<Value = PuzzleSpec> {
    (2u8..=8, 2u8..=8)
        .prop_flat_map(|(width, height)| {
            let tiles: Vec<u8> = (0..width * height).collect();
            (
                Just(width),
                Just(height),
                Just(tiles.clone()).prop_shuffle(),
                Just(tiles).prop_shuffle(),
            )
        })
        .prop_map(|(width, height, start, goal)| PuzzleSpec::Sliding {
            width,
            height,
            start,
            goal,
        })
}

fn hanoi_spec() -> impl Strategy<Value = PuzzleSpec> {
    (3u8..=5, 1u8..=63)
        .prop_flat_map(|(pegs, disks)| {
            let position = proptest::collection::vec(0..pegs, usize::from(disks));
            (Just(pegs), Just(disks), position.clone(), position)
        })
        .prop_map(|(pegs, disks, start, goal)| PuzzleSpec::Hanoi {
            pegs,
            disks,
            start,
            goal,
        })
}

fn valid_query() -> impl Strategy<Value = Query> {
    prop_oneof![sliding_spec(), hanoi_spec()].prop_flat_map(|puzzle| {
        let heuristics: Vec<HeuristicName> = HeuristicName::for_kind(puzzle.kind()).collect();
        (
            Just(puzzle),
            proptest::option::of(proptest::sample::select(Algorithm::ALL.to_vec())),
            proptest::option::of(proptest::sample::select(heuristics)),
        )
            .prop_map(|(puzzle, algorithm, heuristic)| Query {
                puzzle,
                algorithm,
                heuristic,
                weight: None,
            })
    })
}

/// One edit of a PUZZLE string.
#[derive(Debug, Clone)]
enum Mutation {
    Drop(usize),
    Duplicate(usize),
    Replace(usize, char),
    Insert(usize, char),
    /// Swap the values of two `key=value` pairs.
    SwapValues(usize, usize),
    /// Remove a whole pair.
    DropPair(usize),
    /// Repeat a whole pair.
    RepeatPair(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    // Characters that matter to the format, and a few that should not appear at all.
    let c = proptest::sample::select(
        "0123456789,&=x?%+#-abceghiklmnoprstuz X\u{0}\u{e9}\u{1F9E9}"
            .chars()
            .collect::<Vec<_>>(),
    );
    prop_oneof![
        any::<usize>().prop_map(Mutation::Drop),
        any::<usize>().prop_map(Mutation::Duplicate),
        (any::<usize>(), c.clone()).prop_map(|(i, c)| Mutation::Replace(i, c)),
        (any::<usize>(), c).prop_map(|(i, c)| Mutation::Insert(i, c)),
        (any::<usize>(), any::<usize>()).prop_map(|(i, j)| Mutation::SwapValues(i, j)),
        any::<usize>().prop_map(Mutation::DropPair),
        any::<usize>().prop_map(Mutation::RepeatPair),
    ]
}

fn mutate(input: &str, m: &Mutation) -> String {
    let mut chars: Vec<char> = input.chars().collect();
    let mut pairs: Vec<String> = input.split('&').map(str::to_string).collect();
    let at = |i: usize, len: usize| if len == 0 { 0 } else { i % len };
    match *m {
        Mutation::Drop(i) if !chars.is_empty() => {
            chars.remove(at(i, chars.len()));
        }
        Mutation::Duplicate(i) if !chars.is_empty() => {
            let i = at(i, chars.len());
            chars.insert(i, chars[i]);
        }
        Mutation::Replace(i, c) if !chars.is_empty() => {
            let i = at(i, chars.len());
            chars[i] = c;
        }
        Mutation::Insert(i, c) => {
            let i = at(i, chars.len() + 1);
            chars.insert(i, c);
        }
        Mutation::SwapValues(i, j) => {
            let (i, j) = (at(i, pairs.len()), at(j, pairs.len()));
            let split = |p: &str| {
                p.split_once('=')
                    .map(|(k, v)| (k.to_string(), v.to_string()))
            };
            if let (Some((ki, vi)), Some((kj, vj))) = (split(&pairs[i]), split(&pairs[j])) {
                pairs[i] = format!("{ki}={vj}");
                pairs[j] = format!("{kj}={vi}");
            }
            return pairs.join("&");
        }
        Mutation::DropPair(i) => {
            pairs.remove(at(i, pairs.len()));
            return pairs.join("&");
        }
        Mutation::RepeatPair(i) => {
            let i = at(i, pairs.len());
            pairs.insert(i, pairs[i].clone());
            return pairs.join("&");
        }
        _ => {}
    }
    chars.into_iter().collect()
}

/// What must hold for ANY input: no panic; an error has a message; an accepted query is valid
/// (its spec passes the validating constructors) and survives a print/parse round trip.
fn holds_for_any(input: &str) -> Result<(), TestCaseError> {
    match parse(input) {
        Err(e) => {
            let m = e.to_string();
            prop_assert!(
                !m.trim().is_empty(),
                "empty message for {:?}: {:?}",
                input,
                e
            );
            prop_assert!(m.len() < 400, "runaway message for {:?}: {}", input, m);
        }
        Ok(q) => {
            let rebuilt = match &q.puzzle {
                PuzzleSpec::Sliding {
                    width,
                    height,
                    start,
                    goal,
                } => PuzzleSpec::sliding(*width, *height, start.clone(), Some(goal.clone())),
                PuzzleSpec::Hanoi {
                    pegs,
                    disks,
                    start,
                    goal,
                } => PuzzleSpec::hanoi(*pegs, *disks, start.clone(), Some(goal.clone())),
            };
            prop_assert_eq!(
                rebuilt.as_ref(),
                Ok(&q.puzzle),
                "accepted an invalid spec from {:?}",
                input
            );
            if let Some(h) = q.heuristic {
                prop_assert!(h.applies_to(q.puzzle.kind()));
            }
            prop_assert_eq!(parse(&q.to_query_string()), Ok(q));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn print_then_parse_is_the_identity(q in valid_query()) {
        let printed = q.to_query_string();
        prop_assert!(!printed.starts_with('?'));
        prop_assert_eq!(&printed, &q.to_string());
        prop_assert_eq!(parse(&printed), Ok(q.clone()));
        prop_assert_eq!(parse(&format!("https://example.org/lab/?{printed}#x")), Ok(q));
    }

    #[test]
    fn random_strings_never_panic(input in any::<String>()) {
        holds_for_any(&input)?;
    }

    #[test]
    fn format_shaped_noise_never_panics(input in "[?#]?((puzzle|size|pegs|disks|start|goal|algo|heuristic|lang)=[a-z0-9,x%+ -]{0,12}&?){0,9}") {
        holds_for_any(&input)?;
    }

    #[test]
    fn mutated_queries_never_panic(q in valid_query(), edits in proptest::collection::vec(mutation(), 1..6)) {
        let mut input = q.to_query_string();
        for edit in &edits {
            input = mutate(&input, edit);
        }
        holds_for_any(&input)?;
    }

    #[test]
    fn mutated_examples_never_panic(which in any::<bool>(), edits in proptest::collection::vec(mutation(), 1..4)) {
        let mut input = if which { EIGHT.to_string() } else { HANOI.to_string() };
        for edit in &edits {
            input = mutate(&input, edit);
        }
        holds_for_any(&input)?;
    }
}
