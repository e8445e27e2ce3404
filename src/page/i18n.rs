//! The UI's words in English and Simplified Chinese: one key per message, one table function per language.
//!
//! Components never hard-code text: they read the page's [`Lang`] with [`use_lang`] and look words up with
//! [`Lang::t`] (fixed text) or [`Lang::fill`] (text with `{}` slots, filled in order). Adding a key to [`Msg`] makes
//! both `en` and `zh` fail to compile until the key has a translation in each, so no language can miss one.
//! The reducer never builds sentences: its notices, warnings and failures are [`Text`]s (a key and arguments) that
//! the components render in the page's language, so a language switch changes them in place.
//! Option *values* stay the CLI names; only their visible text is translated.

use crate::protocol::Failure;
use solver::hanoi::DirectMethod;
use solver::query::QueryError;
use solver::report::{bound_excess, BoundExcess, Note, Said};
use solver::search::weighted::Weight;
use solver::sliding::Unsolvable;
use solver::truth::TruthError;
use solver::{Algorithm, HeuristicName, PuzzleKind};
use std::fmt::Display;
use yew::prelude::*;

/// Where the chosen language is remembered.
pub const STORAGE_KEY: &str = "puzzle-lab.lang";

/// A language of the interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    Zh,
}

impl Lang {
    /// Every language, in the order the switch lists them.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Zh];

    /// The code used in the switch's option values and in local storage.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }

    /// The value of `<html lang>` (a BCP 47 tag, so screen readers pick the right voice).
    pub fn html_lang(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh-Hans",
        }
    }

    /// The language named by `code` (`en`, `zh`, or a longer tag such as `zh-CN`), if it is one of ours.
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The language's name in itself, for the switch.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Zh => "简体中文",
        }
    }

    /// The text of `key` in this language.
    pub fn t(self, key: Msg) -> &'static str {
        match self {
            Lang::En => en(key),
            Lang::Zh => zh(key),
        }
    }

    /// An algorithm's name in the menus and the statistics (the option values stay the CLI names).
    pub fn algorithm(self, a: Algorithm) -> &'static str {
        self.t(match a {
            Algorithm::Bfs => Msg::AlgBfs,
            Algorithm::Bibfs => Msg::AlgBibfs,
            Algorithm::Dfs => Msg::AlgDfs,
            Algorithm::Astar => Msg::AlgAstar,
            Algorithm::Idastar => Msg::AlgIdastar,
            Algorithm::Greedy => Msg::AlgGreedy,
            Algorithm::Weighted => Msg::AlgWeighted,
            Algorithm::Direct => Msg::AlgDirect,
            Algorithm::Staged => Msg::AlgStaged,
        })
    }

    /// A heuristic's name in the menu.
    pub fn heuristic(self, h: HeuristicName) -> &'static str {
        self.t(match h {
            HeuristicName::Misplaced => Msg::HeurMisplaced,
            HeuristicName::Manhattan => Msg::HeurManhattan,
            HeuristicName::LinearConflict => Msg::HeurLinearConflict,
            HeuristicName::Pdb => Msg::HeurPdb,
            HeuristicName::Exact => Msg::HeurExact,
            HeuristicName::SeedPower => Msg::HeurSeedPower,
        })
    }

    /// The text of `key` with each `{}` replaced by the next of `args` (missing arguments leave the slot empty).
    pub fn fill(self, key: Msg, args: &[&dyn Display]) -> String {
        fill(self.t(key), args)
    }
}

/// A sentence kept as a key and its arguments until the page shows it, in whatever language is chosen then. The
/// reducer builds these (notices, warnings, failures), and components render them with [`Text::render`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Text {
    pub key: Msg,
    pub args: Vec<Arg>,
}

/// One argument of a [`Text`]: words that are themselves translated, or verbatim text (numbers, a link's own
/// words, the solver's or the browser's message).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    Plain(String),
    Msg(Msg),
    /// A nested sentence (a reason inside a wrapper).
    Text(Box<Text>),
    Algorithm(Algorithm),
    Heuristic(HeuristicName),
    /// A detail only English words exist for (a reason from the solver's internal checks, the browser's error):
    /// shown in English, left out of every other language, whose sentence says the same in general terms.
    English(String),
}

impl Arg {
    /// The browser's or a decoder's own words, in brackets after a sentence: English only.
    pub fn detail(words: &str) -> Arg {
        Arg::English(format!(" ({words})"))
    }
}

impl Text {
    /// The sentence `key` without arguments.
    pub fn new(key: Msg) -> Text {
        Text {
            key,
            args: Vec::new(),
        }
    }

    /// Why a board cannot reach its goal, from the solver's parities.
    pub fn unsolvable(why: &Unsolvable) -> Text {
        let parity = |odd: bool| if odd { Msg::Odd } else { Msg::Even };
        Text::new(Msg::NoticeUnsolvable)
            .arg(parity(why.odd_permutation))
            .arg(why.blank_distance)
            .arg(parity(why.blank_distance % 2 == 1))
    }

    /// A clause of what the solver said ([`Said`]), as one sentence in the page's words, its numbers formatted as
    /// the page formats them.
    pub fn said(said: &Said) -> Text {
        let shape = |width: u8, height: u8| format!("{width}×{height}");
        match said {
            Said::Solved { length } => Text::new(Msg::SaidSolved).arg(Text::moves(*length)),
            Said::SolvedImproved { length, first } => Text::new(Msg::SaidSolvedImproved)
                .arg(Text::moves(*length))
                .arg(Text::moves(*first)),
            Said::Shortest => Text::new(Msg::SaidShortest),
            Said::NoGuarantee { algorithm } => Text::new(Msg::SaidNoGuarantee).arg(*algorithm),
            Said::Overestimates {
                heuristic,
                algorithm,
            } => Text::new(Msg::SaidOverestimates)
                .arg(heuristic_arg(heuristic))
                .arg(*algorithm),
            Said::WithinDepth { length, max_depth } => Text::new(Msg::SaidWithinDepth)
                .arg(Text::moves(*length))
                .arg(*max_depth),
            Said::WeightedBound { weight, length } if *weight == Weight::MIN => {
                Text::new(Msg::SaidWeightedShortest).arg(count(*length))
            }
            Said::WeightedBound { weight, length } => Text::new(Msg::SaidWeightedBound)
                .arg(weight.to_string())
                .arg(weight.to_string())
                .arg(count(*length)),
            Said::WeightedNoBound {
                weight,
                heuristic,
                length,
            } => Text::new(Msg::SaidWeightedNoBound)
                .arg(weight.to_string())
                .arg(heuristic_arg(heuristic))
                .arg(count(*length)),
            Said::Bound {
                length,
                lower_bound,
            } => match bound_excess(*length, *lower_bound) {
                BoundExcess::Shortest => Text::new(Msg::BoundShortest),
                BoundExcess::NoBound => Text::new(Msg::BoundNone).arg(count(*length)),
                BoundExcess::AtMost(p) => Text::new(Msg::BoundWithin).arg(p).arg(*lower_bound),
            },
            Said::NearOptimal {
                length,
                lower_bound,
            } => Text::new(Msg::SaidNearOptimal)
                .arg(format!(
                    "{:.1}",
                    solver::report::near_optimal_percent(*length, *lower_bound)
                ))
                .arg(count(*lower_bound)),
            Said::Direct {
                method,
                length,
                listed,
            } => {
                let (name, why) = match method {
                    DirectMethod::Classic => (Msg::DirectClassic, Msg::DirectClassicWhy),
                    DirectMethod::ThreePegPath => {
                        (Msg::DirectThreePegPath, Msg::DirectThreePegPathWhy)
                    }
                    DirectMethod::FrameStewart { pegs: 4 } => {
                        (Msg::DirectFrameStewart, Msg::DirectFourPegsWhy)
                    }
                    DirectMethod::FrameStewart { .. } => {
                        (Msg::DirectFrameStewart, Msg::DirectMorePegsWhy)
                    }
                };
                let key = if *listed {
                    Msg::SaidDirect
                } else {
                    Msg::SaidDirectUnlisted
                };
                Text::new(key).arg(name).arg(Text::moves(*length)).arg(why)
            }
            Said::ImprovementCancelled => Text::new(Msg::SaidImprovementCancelled),
            Said::ImprovementTimeLimit { ms } => {
                Text::new(Msg::SaidImprovementTimeLimit).arg(duration(*ms))
            }
            Said::ImprovementBudget { expansions } => {
                Text::new(Msg::SaidImprovementBudget).arg(count(*expansions))
            }
            Said::NoShorterWindow { largest } => {
                Text::new(Msg::SaidNoShorterWindow).arg(count(*largest))
            }
            Said::Cancelled => Text::new(Msg::SaidCancelled),
            Said::CancelledWhileBuilding => Text::new(Msg::SaidCancelledWhileBuilding),
            Said::TimeLimit { ms } => Text::new(Msg::SaidTimeLimit).arg(duration(*ms)),
            // The limit as the worker sets it, in bytes, and in whole MiB.
            Said::MemoryLimit { bytes } => {
                Text::new(Msg::SaidMemoryLimit).arg(*bytes).arg(bytes >> 20)
            }
            Said::StateLimit { max_states } => {
                Text::new(Msg::SaidStateLimit).arg(count(*max_states))
            }
            Said::IdRoom { states } => Text::new(Msg::SaidIdRoom).arg(count(*states)),
            Said::ObserverFull { expanded } => {
                Text::new(Msg::SaidObserverFull).arg(count(*expanded))
            }
            Said::NotFollowed => Text::new(Msg::SaidNotFollowed),
            Said::PathTooLong { longest } => Text::new(Msg::SaidPathTooLong).arg(count(*longest)),
            Said::Stopped => Text::new(Msg::SaidStopped),
            Said::NoAnswer => Text::new(Msg::SaidNoAnswer),
            Said::Exhausted => Text::new(Msg::SaidExhausted),
            Said::DepthLimit { max_depth } => Text::new(Msg::SaidDepthLimit).arg(*max_depth),
            Said::LargeBoard { width, height } => {
                Text::new(Msg::SaidLargeBoard).arg(shape(*width, *height))
            }
            Said::LargerWeight => Text::new(Msg::SaidLargerWeight).arg(Weight::MAX.to_string()),
            Said::Unsolvable {
                odd_permutation,
                blank_distance,
            } => Text::unsolvable(&Unsolvable {
                odd_permutation: *odd_permutation,
                blank_distance: usize::try_from(*blank_distance).unwrap_or(usize::MAX),
            }),
            Said::TooFarForOptimal {
                width,
                height,
                bound,
                seconds,
            } => Text::new(Msg::SaidTooFarForOptimal)
                .arg(shape(*width, *height))
                .arg(count(*bound))
                .arg(*seconds)
                .arg(Algorithm::Staged),
            Said::DirectOnlyForHanoi => Text::new(Msg::SaidDirectOnlyForHanoi),
            Said::TooManyDisks { disks, most } => {
                Text::new(Msg::SaidTooManyDisks).arg(*disks).arg(*most)
            }
            Said::PdbTooLarge {
                width,
                height,
                most_cells,
            } => Text::new(Msg::SaidPdbTooLarge)
                .arg(*most_cells)
                .arg(shape(*width, *height))
                .arg(HeuristicName::LinearConflict),
            Said::DirectFromAnyPosition { pegs } => {
                Text::new(Msg::SaidDirectFromAnyPosition).arg(*pegs)
            }
            Said::Unreadable { query } => {
                let why = match solver::query::parse(query) {
                    Err(e) => Text::query_error(&e),
                    Ok(_) => Text::new(Msg::QueryEmpty),
                };
                Text::new(Msg::SaidUnreadable).arg(why)
            }
            Said::Refused { detail } => {
                Text::new(Msg::SaidRefused).arg(Arg::English(detail.clone()))
            }
        }
    }

    /// A count of moves ("31 moves", "1 move"), the count with the page's thousands separators.
    pub fn moves(n: u64) -> Text {
        let key = if n == 1 {
            Msg::CountMovesOne
        } else {
            Msg::CountMoves
        };
        Text::new(key).arg(count(n))
    }

    /// Every clause of what the solver said, one sentence each.
    pub fn said_all(said: &[Said]) -> Vec<Text> {
        said.iter().map(Text::said).collect()
    }

    /// A worker's note on a report ([`Note`]).
    pub fn note(note: &Note) -> Text {
        match note {
            Note::TablesRead { ms } => {
                Text::new(Msg::NoteTablesRead).arg(crate::format::duration_ms(*ms))
            }
            Note::TablesStored => Text::new(Msg::NoteTablesStored),
            Note::TablesRebuilt { why } => {
                Text::new(Msg::NoteTablesRebuilt).arg(Arg::English(why.clone()))
            }
            Note::NoTableStore { why } => {
                Text::new(Msg::NoteNoTableStore).arg(Arg::English(why.clone()))
            }
            Note::TableStoreRefused { why } => {
                Text::new(Msg::NoteTableStoreRefused).arg(Arg::English(why.clone()))
            }
            Note::BuildTook { ms, helpers } => {
                let took = crate::format::duration_ms(*ms);
                match helpers {
                    0 => Text::new(Msg::NoteBuildTook).arg(took),
                    1 => Text::new(Msg::NoteBuildTookHelper).arg(took),
                    n => Text::new(Msg::NoteBuildTookHelpers).arg(took).arg(*n),
                }
            }
            Note::ImprovedWith5x5 => Text::new(Msg::NoteImprovedWith5x5),
            Note::Building5x5 { percent } => Text::new(Msg::NoteBuilding5x5).arg(*percent),
        }
    }

    /// Why the worker could not hold the heuristics against the true distance, in the page's words.
    pub fn truth_error(error: &TruthError) -> Text {
        match error {
            TruthError::PathTooLong { moves } => Text::new(Msg::TruthPathTooLong)
                .arg(count(*moves as u64))
                .arg(count(solver::truth::MAX_PATH_MOVES as u64)),
            TruthError::Replay { index, why } => Text::new(Msg::TruthReplay)
                .arg(index + 1)
                .arg(Arg::English(format!(": {why}"))),
            TruthError::TooManyDisks { disks } => Text::new(Msg::TruthTooManyDisks)
                .arg(*disks)
                .arg(solver::hanoi::MAX_SEARCH_DISKS),
            TruthError::Puzzle(why) => {
                Text::new(Msg::TruthPuzzleRefused).arg(Arg::English(format!(": {why}")))
            }
        }
    }

    /// Why the worker could not run a request, in the page's words (the browser's or decoder's own detail only in
    /// English).
    pub fn failure(failure: &Failure) -> Text {
        let detail = Arg::detail;
        match failure {
            Failure::Unreadable { what, detail: d } if what == "request" => {
                Text::new(Msg::FailureUnreadableRequest).arg(detail(d))
            }
            Failure::Unreadable { detail: d, .. } => {
                Text::new(Msg::FailureUnreadableResponse).arg(detail(d))
            }
            Failure::NotText => Text::new(Msg::FailureNotText),
            Failure::Overlapping => Text::new(Msg::FailureOverlapping),
            Failure::Unencodable { detail: d } => Text::new(Msg::FailureUnencodable).arg(detail(d)),
            Failure::NotRunning => Text::new(Msg::FailureNotRunning),
            Failure::Unreachable { detail: d } => Text::new(Msg::FailureUnreachable).arg(detail(d)),
            Failure::NotLoaded { detail: d } => Text::new(Msg::FailureNotLoaded).arg(detail(d)),
        }
    }

    /// Why a puzzle's query (a link) could not be read, in the page's words.
    pub fn query_error(error: &QueryError) -> Text {
        use solver::rules::{MAX_DISKS, MAX_PEGS, MAX_SIDE, MIN_DISKS, MIN_PEGS, MIN_SIDE};
        let kind = |puzzle: PuzzleKind| match puzzle {
            PuzzleKind::Sliding => Msg::KindSliding,
            PuzzleKind::Hanoi => Msg::KindHanoi,
        };
        let board = |width: u8, height: u8| format!("{width}×{height}");
        match error {
            QueryError::Empty => Text::new(Msg::QueryEmpty),
            QueryError::NoQuery => Text::new(Msg::QueryNoQuery),
            QueryError::BadEscape { escape } => Text::new(Msg::QueryBadEscape).arg(shown(escape)),
            QueryError::NotUtf8 { text } => Text::new(Msg::QueryNotUtf8).arg(shown(text)),
            QueryError::DuplicateKey(key) => Text::new(Msg::QueryDuplicateKey).arg(*key),
            QueryError::EmptyValue(key) => Text::new(Msg::QueryEmptyValue).arg(*key),
            QueryError::Missing(key) => Text::new(Msg::QueryMissing).arg(*key),
            QueryError::UnknownPuzzle(value) => {
                Text::new(Msg::QueryUnknownPuzzle).arg(shown(value))
            }
            QueryError::WrongKey { key, puzzle } => {
                Text::new(Msg::QueryWrongKey).arg(*key).arg(kind(*puzzle))
            }
            QueryError::BadSize(value) => Text::new(Msg::QueryBadSize).arg(shown(value)),
            QueryError::SizeOutOfRange(value) => Text::new(Msg::QuerySizeOutOfRange)
                .arg(shown(value))
                .arg(MIN_SIDE)
                .arg(MAX_SIDE),
            QueryError::NotANumber { key, value } => {
                Text::new(Msg::QueryNotANumber).arg(*key).arg(shown(value))
            }
            QueryError::PegsOutOfRange(value) => Text::new(Msg::QueryPegsOutOfRange)
                .arg(shown(value))
                .arg(MIN_PEGS)
                .arg(MAX_PEGS),
            QueryError::DisksOutOfRange(value) => Text::new(Msg::QueryDisksOutOfRange)
                .arg(shown(value))
                .arg(MIN_DISKS)
                .arg(MAX_DISKS),
            QueryError::BadListItem {
                key,
                position,
                item,
            } => Text::new(Msg::QueryBadListItem)
                .arg(*position)
                .arg(*key)
                .arg(shown(item)),
            QueryError::WrongTileCount {
                key,
                got,
                width,
                height,
            } => Text::new(Msg::QueryWrongTileCount)
                .arg(*key)
                .arg(*got)
                .arg(board(*width, *height))
                .arg(usize::from(*width) * usize::from(*height)),
            QueryError::WrongDiskCount { key, got, disks } => Text::new(Msg::QueryWrongDiskCount)
                .arg(*key)
                .arg(*got)
                .arg(*disks),
            QueryError::TileOutOfRange {
                key,
                tile,
                width,
                height,
            } => Text::new(Msg::QueryTileOutOfRange)
                .arg(*tile)
                .arg(*key)
                .arg(board(*width, *height))
                .arg((usize::from(*width) * usize::from(*height)).saturating_sub(1)),
            QueryError::DuplicateTile { key, tile, missing } => Text::new(Msg::QueryDuplicateTile)
                .arg(*tile)
                .arg(*key)
                .arg(*missing),
            QueryError::PegOutOfRange {
                key,
                disk,
                peg,
                pegs,
            } => Text::new(Msg::QueryPegOutOfRange)
                .arg(*disk)
                .arg(*key)
                .arg(*peg)
                .arg(*pegs)
                .arg(pegs.saturating_sub(1)),
            QueryError::UnknownAlgorithm(value) => {
                Text::new(Msg::QueryUnknownAlgorithm).arg(shown(value))
            }
            QueryError::UnknownHeuristic(value) => {
                Text::new(Msg::QueryUnknownHeuristic).arg(shown(value))
            }
            QueryError::HeuristicNotForPuzzle { heuristic, puzzle } => {
                Text::new(Msg::QueryHeuristicNotForPuzzle)
                    .arg(*heuristic)
                    .arg(kind(*puzzle))
            }
            QueryError::Weight(_) => Text::new(Msg::QueryWeight),
            QueryError::WeightWithoutWeighted { .. } => Text::new(Msg::QueryWeightWithoutWeighted),
        }
    }

    /// This sentence with one more argument.
    pub fn arg(mut self, arg: impl Into<Arg>) -> Text {
        self.args.push(arg.into());
        self
    }

    /// The sentence in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        let args: Vec<String> = self.args.iter().map(|a| a.render(lang)).collect();
        let args: Vec<&dyn Display> = args.iter().map(|a| a as &dyn Display).collect();
        lang.fill(self.key, &args)
    }
}

impl Arg {
    /// The argument in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        match self {
            Arg::Plain(s) => s.clone(),
            Arg::Msg(m) => lang.t(*m).to_string(),
            Arg::Text(t) => t.render(lang),
            Arg::Algorithm(a) => lang.algorithm(*a).to_string(),
            Arg::Heuristic(h) => lang.heuristic(*h).to_string(),
            Arg::English(s) if lang == Lang::En => s.clone(),
            Arg::English(_) => String::new(),
        }
    }
}

impl From<Msg> for Text {
    fn from(key: Msg) -> Text {
        Text::new(key)
    }
}

macro_rules! plain_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(v: $t) -> Arg {
                Arg::Plain(v.to_string())
            }
        }
    )*};
}
plain_args!(String, &str, u8, u32, u64, usize, char);

impl From<Msg> for Arg {
    fn from(m: Msg) -> Arg {
        Arg::Msg(m)
    }
}

impl From<Text> for Arg {
    fn from(t: Text) -> Arg {
        Arg::Text(Box::new(t))
    }
}

impl From<Algorithm> for Arg {
    fn from(a: Algorithm) -> Arg {
        Arg::Algorithm(a)
    }
}

impl From<HeuristicName> for Arg {
    fn from(h: HeuristicName) -> Arg {
        Arg::Heuristic(h)
    }
}

/// A count with the page's thousands separators.
fn count(n: u64) -> String {
    crate::format::count(n)
}

/// A time limit in milliseconds as the page shows durations.
fn duration(ms: u64) -> String {
    crate::format::duration_ms(ms as f64)
}

/// A heuristic named by its CLI name: the page's name for it when it is one of ours, else the name itself.
fn heuristic_arg(name: &str) -> Arg {
    match HeuristicName::from_name(name) {
        Some(h) => Arg::Heuristic(h),
        None => Arg::Plain(name.to_string()),
    }
}

/// Text quoted from a link, cut short as the solver's own messages cut it.
fn shown(text: &str) -> String {
    const SHOWN_CHARS: usize = 40;
    let mut shown: String = text.chars().take(SHOWN_CHARS).collect();
    if text.chars().count() > SHOWN_CHARS {
        shown.push('…');
    }
    shown
}

/// Replaces each `{}` of `template` with the next argument.
pub fn fill(template: &str, args: &[&dyn Display]) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(template.len() + 8 * args.len());
    let mut args = args.iter();
    let mut parts = template.split("{}");
    if let Some(first) = parts.next() {
        out.push_str(first);
    }
    for part in parts {
        if let Some(arg) = args.next() {
            let _ = write!(out, "{arg}");
        }
        out.push_str(part);
    }
    out
}

/// A template whose `{}` slots are filled with markup (a number in `<strong>`, say), in order.
pub fn fill_html(template: &str, parts: Vec<Html>) -> Html {
    let mut parts = parts.into_iter();
    let mut pieces = template.split("{}");
    let first = pieces.next().unwrap_or_default().to_string();
    let rest: Vec<Html> = pieces
        .map(|text| {
            let part = parts.next().unwrap_or_default();
            html! { <>{ part }{ text.to_string() }</> }
        })
        .collect();
    html! { <>{ first }{ for rest }</> }
}

/// The page's language, provided by the app with `ContextProvider<Lang>` (English outside one, e.g. in tests).
#[hook]
pub fn use_lang() -> Lang {
    use_context::<Lang>().unwrap_or_default()
}

/// The language remembered in local storage, or English.
pub fn remembered() -> Lang {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .and_then(|s| s.get_item(STORAGE_KEY).ok().flatten())
        .and_then(|code| Lang::from_code(&code))
        .unwrap_or_default()
}

/// Remembers `lang` in local storage (when the browser allows it) and sets `<html lang>`.
pub fn apply(lang: Lang) {
    let Some(window) = web_sys::window() else {
        return;
    };
    if let Ok(Some(storage)) = window.local_storage() {
        // Private modes may refuse storage; the choice then lasts for this page only.
        let _ = storage.set_item(STORAGE_KEY, lang.code());
    }
    if let Some(root) = window.document().and_then(|d| d.document_element()) {
        let _ = root.set_attribute("lang", lang.html_lang());
    }
}

macro_rules! messages {
    ($($(#[$doc:meta])* $key:ident),* $(,)?) => {
        /// A piece of UI text. Its translations are in `en` and `zh`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Msg {
            $($(#[$doc])* $key),*
        }

        impl Msg {
            /// Every key, for tests that check both tables.
            pub const ALL: &'static [Msg] = &[$(Msg::$key),*];
        }
    };
}

messages! {
    // The language switch.
    Language,
    // Play with hints.
    Hint,
    HintTitle,
    HintMove,
    MovesLeft,
    MovesLeftOne,
    HintThinking,
    HintUnavailable,
    HintAtGoal,
    HandPlayTools,
    Undo,
    Redo,
    SolveFromHere,
    SolveFromHereTitle,
    YouMoves,
    OptimalMoves,
    OptimalUnknown,
    PlayHelp,
    AnnounceTile,
    AnnounceDisk,
    AnnounceGoal,
    TileLabel,
    BlankLabel,
    SolvedByHand,
    AlgBfs,
    AlgBibfs,
    AlgDfs,
    AlgAstar,
    AlgIdastar,
    AlgGreedy,
    AlgWeighted,
    AlgDirect,
    AlgStaged,
    /// The progress line while a solver improves its answer: the best length, nodes expanded, time.
    ProgressImproving,
    SolvedStaged,
    ImprovementCancelled,
    /// A first answer while the tables for the shortest are built: {moves} and at most {percent}% longer than the
    /// shortest; {moves} and a shortest one; {moves} with no bound.
    FirstAnswerWithin,
    FirstAnswerShortest,
    FirstAnswerMoves,
    /// The progress line after a first answer: {the first answer}; the build's {percent} and time, or the search's
    /// nodes expanded and time.
    ProgressFirstBuilding,
    ProgressFirstSearching,
    /// The search for the shortest after a first answer was cancelled or stopped: the first answer is kept.
    FirstAnswerKept,
    /// The shortest answer replaced a first answer of {moves}.
    FirstAnswerReplaced,
    /// The answer's proven bound: a shortest one; or at most {percent}% longer than the shortest (lower bound {B});
    /// or a bound of 0, which bounds nothing ({moves}).
    BoundShortest,
    BoundWithin,
    BoundNone,
    /// The button that shows a shorter solution waiting behind the one playing ({moves}).
    ShowWaiting,
    AlgoNoteStaged,
    HeurMisplaced,
    HeurManhattan,
    HeurLinearConflict,
    HeurPdb,
    HeurExact,
    HeurSeedPower,
    AppName,
    Tagline,
    Share,
    ShareTitle,
    PuzzleView,
    Footer,
    // A new release, downloaded for offline use.
    UpdateReady,
    UpdateReload,
    UpdateSwitching,
    ViewHandPlay,
    ViewEditingGoal,
    ViewEditingStart,
    ViewSolutionAt,
    Goal,
    Start,
    Puzzle,
    Kind,
    SlidingPuzzle,
    TowerOfHanoi,
    Size,
    SizeOption,
    Square,
    Rectangle,
    Pegs,
    Disks,
    Mode,
    SetUp,
    HandPlayMode,
    EditGoal,
    Shuffle,
    ShuffleSlidingTitle,
    ShuffleHanoiTitle,
    Scramble,
    ScrambleTitle,
    ScrambleMoves,
    MovesUnit,
    HelpPlaySliding,
    HelpPlayHanoi,
    HelpSetupSliding,
    HelpSetupHanoi,
    Solver,
    Algorithm,
    Heuristic,
    NoHeuristicTitle,
    StateBudget,
    StateBudgetTitle,
    DepthBound,
    Solve,
    SolvingButton,
    Cancel,
    NoteNoSearch,
    NoteBounded,
    NoteNotOptimal,
    Status,
    StatusReady,
    StatusSolving,
    StatusSolved,
    StatusUnsolvable,
    StatusLimit,
    StatusCancelled,
    StatusError,
    ProgressNodes,
    ProgressWaiting,
    ProgressBuilding,
    BuildingPdb,
    BuildNote,
    TablesBuilding,
    SolutionLength,
    SolutionLengthOne,
    Dismiss,
    DismissMessage,
    ShareLink,
    Statistics,
    StatsEmpty,
    OptimalYes,
    OptimalNotGuaranteed,
    NoHeuristic,
    StatLength,
    StatOptimal,
    StatAlgorithm,
    StatHeuristic,
    StatExpanded,
    StatGenerated,
    StatMaxOpen,
    StatClosed,
    StatDuplicates,
    StatMemory,
    StatTime,
    Pause,
    Replay,
    PlaybackPlay,
    StepBack,
    StepForward,
    NoSolutionYet,
    MoveOf,
    ScrubberLabel,
    Speed,
    SpeedLabel,
    PegLabel,
    PreviewTitle,
    Moves,
    MovesEmpty,
    EarlierMoves,
    MoreMoves,
    Solvable,
    UnsolvableWhy,
    Odd,
    Even,
    DiskLabel,
    PlayHelpHanoiKeys,
    // Notices from the reducer (state.rs).
    NoticeCancelled,
    NoticeLinkCopied,
    NoticeCopyByHand,
    NoticeBadLink,
    NoticeSolverStart,
    NoticeUnsolvable,
    NoteAlgorithmNotApplicable,
    NoteHeuristicNotApplicable,
    KindSliding,
    KindHanoi,
    FailedSolverError,
    FailureUnreadableRequest,
    FailureUnreadableResponse,
    FailureNotText,
    FailureOverlapping,
    FailureUnencodable,
    FailureNotRunning,
    FailureUnreachable,
    FailureNotLoaded,
    FailedCrash,
    FailedSilent,
    ReplayUnreadable,
    ReplayIllegal,
    ReplayOtherKind,
    ReplayNotAtGoal,
    SolvedByHandOne,
    // A finished search's result, from the report's fields (the solver's own sentence is English).
    SolvedShortest,
    SolvedNoGuarantee,
    SolvedInadmissible,
    SolvedWithin,
    SolvedNoBound,
    CountMoves,
    CountMovesOne,
    // What the solver and the worker say (solver::report::Said and Note), clause by clause.
    // Why a link's puzzle could not be read (solver::query::QueryError).
    QueryEmpty,
    QueryNoQuery,
    QueryBadEscape,
    QueryNotUtf8,
    QueryDuplicateKey,
    QueryEmptyValue,
    QueryMissing,
    QueryUnknownPuzzle,
    QueryWrongKey,
    QueryBadSize,
    QuerySizeOutOfRange,
    QueryNotANumber,
    QueryPegsOutOfRange,
    QueryDisksOutOfRange,
    QueryBadListItem,
    QueryWrongTileCount,
    QueryWrongDiskCount,
    QueryTileOutOfRange,
    QueryDuplicateTile,
    QueryPegOutOfRange,
    QueryUnknownAlgorithm,
    QueryUnknownHeuristic,
    QueryHeuristicNotForPuzzle,
    QueryWeight,
    QueryWeightWithoutWeighted,
    TruthPathTooLong,
    TruthReplay,
    TruthTooManyDisks,
    TruthPuzzleRefused,
    SaidSolved,
    SaidSolvedImproved,
    SaidShortest,
    SaidNoGuarantee,
    SaidOverestimates,
    SaidWithinDepth,
    SaidWeightedBound,
    SaidWeightedShortest,
    SaidWeightedNoBound,
    SaidNearOptimal,
    SaidDirect,
    SaidDirectUnlisted,
    DirectClassic,
    DirectThreePegPath,
    DirectFrameStewart,
    DirectClassicWhy,
    DirectThreePegPathWhy,
    DirectFourPegsWhy,
    DirectMorePegsWhy,
    SaidImprovementCancelled,
    SaidImprovementTimeLimit,
    SaidImprovementBudget,
    SaidNoShorterWindow,
    SaidCancelled,
    SaidCancelledWhileBuilding,
    SaidTimeLimit,
    SaidMemoryLimit,
    SaidStateLimit,
    SaidIdRoom,
    SaidObserverFull,
    SaidNotFollowed,
    SaidPathTooLong,
    SaidStopped,
    SaidNoAnswer,
    SaidExhausted,
    SaidDepthLimit,
    SaidLargeBoard,
    SaidLargerWeight,
    SaidTooFarForOptimal,
    SaidDirectOnlyForHanoi,
    SaidTooManyDisks,
    SaidPdbTooLarge,
    SaidDirectFromAnyPosition,
    SaidUnreadable,
    SaidRefused,
    NoteTablesRead,
    NoteTablesStored,
    NoteTablesRebuilt,
    NoteNoTableStore,
    NoteTableStoreRefused,
    NoteBuildTook,
    NoteBuildTookHelper,
    NoteBuildTookHelpers,
    NoteImprovedWith5x5,
    NoteBuilding5x5,
    DropNoSuchPeg,
    DropSamePeg,
    DropEmptyPeg,
    DropOntoSmaller,
    HintNoMethod,
    HintSolveStarted,
    HintCrashed,
    // Warnings about the chosen algorithm (the solve panel's notes).
    AlgoNoteDfs,
    AlgoNoteWeighted,
    AlgoNoteGreedy,
    AlgoNoteBudget,
    AlgoNotePdb,
    AlgoNoteSeedPower,
    AlgoNoteHugeBoard,
    AlgoNoteBigBoard,
    AlgoNoteDirectTower,
    AlgoNoteDirectCap,
    AlgoNoteLowerBound,
    AlgoNoteMaxDisks,
    // The solution's moves in words.
    MoveWordsTile,
    MoveWordsDisk,
    DirUp,
    DirDown,
    DirLeft,
    DirRight,
    // Play mode's hinted move, for screen readers.
    HintedTile,
    HintedDisk,
    // The search lab: Compare, the Sierpinski view, the stepper.
    CompareTitle,
    CompareTable,
    CompareIntro,
    CompareButton,
    CompareButtonTitle,
    CancelPair,
    CancelAll,
    CompareBudget,
    CompareBudgetTitle,
    ComparePairs,
    ColAlgorithm,
    ColHeuristic,
    ColSteps,
    ColOperators,
    ColMaxOpen,
    ColClosed,
    ColExpanded,
    ColTime,
    ColOptimal,
    Yes,
    No,
    Waiting,
    Running,
    Limit,
    Cancelled,
    Failed,
    Unsolvable,
    ChartExpanded,
    ChartTime,
    LogScale,
    CompareEmpty,
    SierpinskiTitle,
    SierpinskiCaption,
    SierpinskiExplored,
    SierpinskiPath,
    SierpinskiUnexplored,
    SierpinskiHint,
    ByDepth,
    ByBound,
    StepperTitle,
    StepperIntro,
    StepFirst,
    SearchStepBack,
    SearchStepForward,
    StepLast,
    StepWhole,
    StepStatus,
    StepCurrent,
    StepGoal,
    StepBoard,
    StepTruncated,
    StepShows,
    StepDirectAsBfs,
    StepIteration,
    StepCosts,
    StepDepth,
    // Heuristics against the truth.
    TruthTitle,
    TruthIntro,
    TruthOpen,
    TruthClose,
    TruthMeasure,
    TruthMeasuring,
    TruthFailed,
    TruthLost,
    TruthByFormula,
    TruthByTable,
    TruthBySearch,
    TruthShowStart,
    TruthShowStep,
    TruthShowStepper,
    TruthStepOf,
    TruthNoSolution,
    TruthTooLong,
    TruthStepperNone,
    TruthStepperOnly,
    TruthHeuristic,
    TruthTableLabel,
    TruthF,
    TruthAgainst,
    TruthHStar,
    TruthUnknown,
    TruthUnreachable,
    TruthEqual,
    TruthBelow,
    TruthOver,
    TruthNotJudged,
    TruthChartTitle,
    TruthChartLabel,
    TruthLegendOver,
    TruthLegendJump,
    TruthAdmissibleYes,
    TruthAdmissibleNo,
    TruthConsistentYes,
    TruthConsistentNo,
    TruthVerdictLine,
    TruthUnjudged,
    TruthDominanceHolds,
    TruthNotBuilt,
    TruthDominanceBroken,
    TruthSeedOver,
    TruthRaceIntro,
    TruthRaceRun,
    TruthRaceRunning,
    TruthRaceLeg,
    TruthRaceStopped,
    TruthRaceLonger,
    TruthRaceSame,
    TruthRacePath,
    // Export and sharing a run (export.rs, export_menu.rs, the embedded page).
    Export,
    ExportTitle,
    ExportRunJson,
    ExportRunCsv,
    ExportNoRun,
    ExportPicture,
    /// An export button's label: {view} as {format}.
    ExportImageLabel,
    ExportCompareCsv,
    ExportFailed,
    EmbedCode,
    EmbedCodeTitle,
    NoticeEmbedCopied,
    NoticeEmbedByHand,
    EmbedOpenFull,
    EmbedOpenFullTitle,
    NoticeBadAt,
    NoticeBadEmbed,
    NoticeBadDepth,
    NoticeAtBeyond,
    // The search tree and the exercise.
    TreeTitle,
    TreeIntro,
    TreeTooLarge,
    TreeCounts,
    TreeSides,
    TreeIterations,
    TreeIteration,
    TreeZoom,
    TreeZoomIn,
    TreeZoomOut,
    TreeZoomReset,
    TreeKeys,
    TreeLegend,
    TreeLegendClosed,
    TreeLegendCurrent,
    TreeLegendOpen,
    TreeLegendDuplicate,
    TreeLegendPruned,
    TreeLegendPath,
    NodeRoot,
    NodeNew,
    NodeImproved,
    NodeDuplicateClosed,
    NodeDuplicateOpen,
    NodePruned,
    NodeCosts,
    NodeDepth,
    NodeExpandedAt,
    ExerciseTitle,
    ExerciseIntro,
    ExerciseCovers,
    ExerciseStart,
    ExerciseStop,
    ExerciseScore,
    ExercisePrompt,
    ExerciseOpen,
    ExerciseOpenOne,
    ExerciseDone,
    ExerciseRight,
    ExerciseWrong,
    ExerciseTie,
    ExerciseSkipped,
    RuleFifo,
    RuleDepthFirst,
    RuleLowestF,
    RuleLowestH,
    TieLargerG,
    TieNewest,
    TieEngineOrder,
    // The lessons: the header's link, the contents, a section's links, a figure's "Open in the lab", scoring.
    Lessons,
    LessonsTitle,
    LessonsContents,
    LessonsInThisLesson,
    LessonsBackToLab,
    /// A lab panel's link to the lesson section that explains it.
    LearnLink,
    LessonSectionLink,
    LessonSectionEmbed,
    LessonOpenInLab,
    LessonOpenInLabTitle,
    LessonComputing,
    LessonCheck,
    LessonScore,
    LessonRight,
    LessonWrong,
}

/// English.
fn en(key: Msg) -> &'static str {
    use Msg::*;
    match key {
        Language => "Language",
        Hint => "Hint",
        HintTitle => "Show the best next move and how many moves are left",
        HintMove => "Best next move: {}",
        MovesLeft => "{} moves left",
        MovesLeftOne => "1 move left",
        HintThinking => "Thinking…",
        HintUnavailable => "No hint: {}",
        HintAtGoal => "Solved: you reached the goal.",
        HandPlayTools => "Play tools",
        Undo => "Undo",
        Redo => "Redo",
        SolveFromHere => "Solve from here",
        SolveFromHereTitle => "Make the current position the start and solve it",
        YouMoves => "you: {} moves",
        OptimalMoves => "optimal: {}",
        OptimalUnknown => "optimal: …",
        PlayHelp => "Enter or Space on a tile next to the blank slides it.",
        AnnounceTile => "Tile {} moved to row {}, column {}. {} moves.",
        AnnounceDisk => "Disk {} moved to peg {}. {} moves.",
        AnnounceGoal => "Goal reached in {} moves.",
        TileLabel => "tile {}, row {}, column {}",
        BlankLabel => "blank, row {}, column {}",
        SolvedByHand => "Solved by hand in {} moves! Press Solve to compare with the shortest solution.",
        AlgBfs => "Breadth-first search",
        AlgBibfs => "Bidirectional BFS",
        AlgDfs => "Depth-bounded DFS",
        AlgAstar => "A*",
        AlgIdastar => "IDA*",
        AlgGreedy => "Greedy best-first",
        AlgWeighted => "Weighted A*",
        AlgDirect => "Direct",
        AlgStaged => "Staged (line by line), improved",
        ProgressImproving => "Improving: best so far {} moves · {} nodes expanded · {}",
        SolvedStaged => "Solved in {} by the staged solver (tiles placed line by line, then the path shortened while you watched).",
        ImprovementCancelled => "Improvement was cancelled: this is the best answer found by then.",
        FirstAnswerWithin => "{} moves, at most {}% longer than the shortest",
        FirstAnswerShortest => "{} moves, already a shortest one",
        FirstAnswerMoves => "{} moves",
        ProgressFirstBuilding => "First answer ({}); building the pattern databases for the shortest… {}% · {}",
        ProgressFirstSearching => "First answer ({}); searching for the shortest: {} nodes expanded · {}",
        FirstAnswerKept => "The search for the shortest was stopped: this is the first answer.",
        FirstAnswerReplaced => "It replaced the first answer ({} moves).",
        BoundShortest => "A shortest solution (its length is a proven lower bound).",
        BoundWithin => "At most {}% longer than the shortest (lower bound {} moves).",
        BoundNone => "No lower bound above 0 is known for this answer of {} moves.",
        ShowWaiting => "A shorter solution is ready ({} moves): show it",
        AlgoNoteStaged => "Staged places the tiles line by line with small searches (an answer at once on any board up to 8x8), then shortens the path while you watch; the result states how far from the shortest it can be.",
        HeurMisplaced => "Misplaced",
        HeurManhattan => "Manhattan distance",
        HeurLinearConflict => "Manhattan + linear conflict",
        HeurPdb => "Pattern databases",
        HeurExact => "Exact (3 pegs) / lower bound",
        HeurSeedPower => "Seed power 2^(k+1)-1 (inadmissible)",
        AppName => "Puzzle Lab",
        Tagline => "Sliding puzzles and Tower of Hanoi, solved in your browser",
        Share => "Share",
        ShareTitle => "Copy a link that opens this exact puzzle",
        PuzzleView => "Puzzle view",
        Footer => "The solver runs in a Web Worker; Cancel stops it at once. Every change is in the address bar, so a link reopens this puzzle.",
        UpdateReady => "A new version of Puzzle Lab is ready. Reloading switches to it; this puzzle stays in the address bar.",
        UpdateReload => "Reload",
        UpdateSwitching => "Switching…",
        ViewHandPlay => "Playing from the start",
        ViewEditingGoal => "Editing the goal",
        ViewEditingStart => "Editing the start",
        ViewSolutionAt => "Solution: after move {} of {}",
        Goal => "Goal",
        Start => "Start",
        Puzzle => "Puzzle",
        Kind => "Kind",
        SlidingPuzzle => "Sliding puzzle",
        TowerOfHanoi => "Tower of Hanoi",
        Size => "Size",
        SizeOption => "{} ({} tiles)",
        Square => "Square",
        Rectangle => "Rectangle",
        Pegs => "Pegs",
        Disks => "Disks",
        Mode => "Mode",
        SetUp => "Set up",
        HandPlayMode => "Play",
        EditGoal => "Edit goal",
        Shuffle => "Shuffle",
        ShuffleSlidingTitle => "A uniformly random solvable arrangement",
        ShuffleHanoiTitle => "A uniformly random legal position",
        Scramble => "Scramble",
        ScrambleTitle => "Random moves away from the other position: an easy puzzle",
        ScrambleMoves => "Number of random moves",
        MovesUnit => "moves",
        HelpPlaySliding => "Play: click or tap a tile next to the blank, or use the arrow keys.",
        HelpPlayHanoi => "Play: drag a top disk onto a peg whose top disk is larger (or an empty peg).",
        HelpSetupSliding => "Set up: drag a tile onto another cell to swap the two.",
        HelpSetupHanoi => "Set up: drag any disk to any peg; it settles in its place by size.",
        Solver => "Solver",
        Algorithm => "Algorithm",
        Heuristic => "Heuristic",
        NoHeuristicTitle => "This algorithm uses no heuristic",
        StateBudget => "State budget",
        StateBudgetTitle => "The most states a search may hold; a big budget takes a lot of memory",
        DepthBound => "Depth bound",
        Solve => "Solve",
        SolvingButton => "Solving…",
        Cancel => "Cancel",
        NoteNoSearch => " (no search)",
        NoteBounded => " (bounded, not optimal)",
        NoteNotOptimal => " (not optimal)",
        Status => "Status",
        StatusReady => "Ready",
        StatusSolving => "Solving…",
        StatusSolved => "Solved",
        StatusUnsolvable => "Unsolvable",
        StatusLimit => "Stopped at the limit",
        StatusCancelled => "Cancelled",
        StatusError => "Error",
        ProgressNodes => "{} nodes expanded, {} generated · {}",
        ProgressWaiting => "waiting: the worker finishes the compare run's current pair first",
        ProgressBuilding => "Building pattern databases… {}% · {}",
        BuildingPdb => "Building pattern databases",
        BuildNote => "Built once per browser: later visits read them from its cache. Cancel stops the build.",
        TablesBuilding => "Preparing the 5x5 pattern databases in the background ({}%): once they are ready, 5x5 solves use them for shorter answers.",
        SolutionLength => "Solution: {} moves",
        SolutionLengthOne => "Solution: {} move",
        Dismiss => "Dismiss",
        DismissMessage => "Dismiss the message",
        ShareLink => "Link to this puzzle",
        Statistics => "Statistics",
        StatsEmpty => "Solve to see the numbers: nodes expanded and generated, the largest OPEN, CLOSED, memory and time.",
        OptimalYes => "yes, a shortest solution",
        OptimalNotGuaranteed => "not guaranteed",
        NoHeuristic => "none",
        StatLength => "Solution length",
        StatOptimal => "Optimal",
        StatAlgorithm => "Algorithm",
        StatHeuristic => "Heuristic",
        StatExpanded => "Nodes expanded",
        StatGenerated => "Nodes generated",
        StatMaxOpen => "Largest OPEN",
        StatClosed => "CLOSED",
        StatDuplicates => "Duplicates skipped",
        StatMemory => "Peak memory (estimate)",
        StatTime => "Time",
        Pause => "Pause",
        Replay => "Replay",
        PlaybackPlay => "Play",
        StepBack => "Step back",
        StepForward => "Step forward",
        NoSolutionYet => "No solution yet",
        MoveOf => "Move {} of {}",
        ScrubberLabel => "Position in the solution",
        Speed => "Speed",
        SpeedLabel => "Animation speed (right is faster)",
        PegLabel => "peg {}",
        PreviewTitle => "{}: click to edit it",
        Moves => "Moves",
        MovesEmpty => "The solution's moves appear here, in words.",
        EarlierMoves => "… {} earlier moves",
        MoreMoves => "… {} more moves",
        Solvable => "✓ solvable",
        UnsolvableWhy => "✗ unsolvable: {} tile permutation, but the blank is an {} distance from its goal cell",
        Odd => "odd",
        Even => "even",
        DiskLabel => "disk {} on peg {}",
        PlayHelpHanoiKeys => "Keys: press a peg's letter or number to pick up its top disk, then another peg's to drop it.",
        NoticeCancelled => "Cancelled: the search was stopped and the solver restarted, ready for the next run.",
        NoticeLinkCopied => "Link copied to the clipboard: it opens this exact puzzle.",
        NoticeCopyByHand => "Copy the link below by hand (the clipboard is not available here: {}).",
        NoticeBadLink => "This link could not be read: {}. Showing a shuffled 8-puzzle instead.",
        NoticeSolverStart => "The solver could not start: {}.",
        NoticeUnsolvable => "This arrangement cannot reach the goal: the tiles are an {} permutation away from the goal while the blank is at a distance of {} from its goal cell, an {} number; every move changes both parities together, so no sequence of moves can fix it. Swapping any two tiles (not the blank) makes it solvable.",
        NoteAlgorithmNotApplicable => "{} does not apply to a {}; using {}.",
        NoteHeuristicNotApplicable => "The heuristic {} does not apply to this {}; using {}.",
        KindSliding => "sliding puzzle",
        KindHanoi => "Tower of Hanoi",
        FailedSolverError => "The solver reported an error: {}",
        FailureUnreadableRequest => "the solver could not read the page's request{}; the page and its solver may come from different versions: reload the page",
        FailureUnreadableResponse => "the page could not read the solver's answer{}; the page and its solver may come from different versions: reload the page",
        FailureNotText => "the solver was sent something that is not a request",
        FailureOverlapping => "the solver was sent a request while another one waited: reload the page",
        FailureUnencodable => "the solver could not encode its answer{}",
        FailureNotRunning => "the solver is not running: reload the page",
        FailureUnreachable => "the browser could not reach the solver{}",
        FailureNotLoaded => "the solver could not load{}: check the connection and reload the page",
        FailedCrash => "The solver stopped unexpectedly{}. It has been restarted: try again, or pick a smaller puzzle or another algorithm.",
        FailedSilent => "The solver has not answered for {} s, so it was restarted. Try again, or pick a smaller puzzle or another algorithm.",
        ReplayUnreadable => "The solver's answer is unreadable: {}",
        ReplayIllegal => "The solver's move {} is illegal: {}",
        ReplayOtherKind => "The solver answered with moves of the other kind of puzzle.",
        ReplayNotAtGoal => "The solver's moves do not end at the goal; the solution is not shown.",
        SolvedByHandOne => "Solved by hand in {} move! Press Solve to compare with the shortest solution.",
        SolvedShortest => "Solved in {}: a shortest solution.",
        SolvedNoGuarantee => "Solved in {}; {} does not guarantee a shortest solution.",
        SolvedInadmissible => "Solved in {}; the heuristic {} can overestimate, so {} does not guarantee a shortest solution.",
        SolvedWithin => "Solved in {}: at most {} x the shortest (weighted A*, w = {}).",
        SolvedNoBound => "Solved in {}: no bound on its length (weighted A* with the heuristic {}, which can overestimate).",
        CountMoves => "{} moves",
        CountMovesOne => "{} move",
        QueryEmpty => "the link holds no puzzle",
        QueryNoQuery => "the address has nothing after '?'",
        QueryBadEscape => "'%{}' is not a percent escape",
        QueryNotUtf8 => "'{}' does not decode to text",
        QueryDuplicateKey => "'{}' is given twice",
        QueryEmptyValue => "'{}' has no value",
        QueryMissing => "'{}' is missing",
        QueryUnknownPuzzle => "unknown puzzle '{}': use sliding or hanoi",
        QueryWrongKey => "'{}' does not apply to a {}",
        QueryBadSize => "size '{}' is not width x height (for example 3x3)",
        QuerySizeOutOfRange => "size {} is out of range: width and height must each be {} to {}",
        QueryNotANumber => "{} '{}' is not a whole number",
        QueryPegsOutOfRange => "{} pegs is out of range: use {} to {} pegs",
        QueryDisksOutOfRange => "{} disks is out of range: use {} to {} disks",
        QueryBadListItem => "item {} of {} ('{}') is not a whole number",
        QueryWrongTileCount => "{} has {} numbers but a {} board needs {}",
        QueryWrongDiskCount => "{} has {} numbers but {} disks need as many",
        QueryTileOutOfRange => "tile {} in {} is out of range: a {} board has tiles 1 to {} and 0 for the blank",
        QueryDuplicateTile => "tile {} appears twice in {}, and tile {} is missing (0 is the blank)",
        QueryPegOutOfRange => "disk {} in {} is on peg {}, but a {}-peg puzzle has pegs 0 to {}",
        QueryUnknownAlgorithm => "unknown algorithm '{}'",
        QueryUnknownHeuristic => "unknown heuristic '{}'",
        QueryHeuristicNotForPuzzle => "the heuristic {} does not apply to a {}",
        QueryWeight => "the weight must be a number from 1 to 10 with at most two decimals",
        QueryWeightWithoutWeighted => "a weight is for weighted A* only",
        TruthPathTooLong => "the solution has {} moves; heuristics are measured along solutions of up to {}",
        TruthReplay => "move {} of the solution cannot be played{}",
        TruthTooManyDisks => "a tower of {} disks: the heuristics are computed for towers of up to {} disks",
        TruthPuzzleRefused => "the solver refused this puzzle{}",
        SaidSolved => "Solved in {}.",
        SaidSolvedImproved => "Solved in {}, improved from a first answer of {}.",
        SaidShortest => "This is a shortest solution.",
        SaidNoGuarantee => "{} does not guarantee a shortest solution.",
        SaidOverestimates => "The heuristic {} can overestimate, so {} does not guarantee a shortest solution.",
        SaidWithinDepth => "Found a solution of {} within the depth bound of {}; depth-first search does not look for a shortest one.",
        SaidWeightedBound => "At most {} × the shortest (weighted A*, w = {}): length {}.",
        SaidWeightedShortest => "At most 1 × the shortest (weighted A*, w = 1): length {}, so a shortest solution.",
        SaidWeightedNoBound => "No bound (weighted A*, w = {}, with the heuristic {}, which can overestimate): length {}.",
        SaidNearOptimal => "At most {}% longer than the shortest (lower bound {}).",
        SaidDirect => "{}: {}, {} (solved directly, no search).",
        SaidDirectUnlisted => "{}: {}, {}; the moves are not listed: there are more than the listing cap allows (solved directly, no search).",
        DirectClassic => "classic recursion",
        DirectThreePegPath => "shortest 3-peg path",
        DirectFrameStewart => "Frame-Stewart",
        DirectClassicWhy => "2^n − 1 moves, the shortest possible",
        DirectThreePegPathWhy => "the shortest possible: the largest disk that must move moves once or twice, whichever is shorter",
        DirectFourPegsWhy => "the shortest possible on 4 pegs (Frame-Stewart's optimality was proved by Bousch in 2014)",
        DirectMorePegsWhy => "presumed the shortest: the Frame-Stewart conjecture is unproved for 5 or more pegs",
        SaidImprovementCancelled => "Improvement cancelled; this is the best answer found.",
        SaidImprovementTimeLimit => "Improvement stopped at the time limit of {}.",
        SaidImprovementBudget => "Improvement stopped at its budget of {} expansions.",
        SaidNoShorterWindow => "No window of up to {} moves could be shortened further.",
        SaidCancelled => "Cancelled by the user.",
        SaidCancelledWhileBuilding => "Cancelled while the pattern databases were being built.",
        SaidTimeLimit => "Stopped at the time limit of {} before finding a solution.",
        SaidMemoryLimit => "Stopped at the memory limit: the search would need more than the {} bytes ({} MiB) it may use without finding the goal. Use a stronger algorithm or heuristic, or a smaller puzzle.",
        SaidStateLimit => "Stopped at the state limit: the search reached the most states it may hold ({}) without finding the goal. Raise the limit or use a stronger algorithm or heuristic.",
        SaidIdRoom => "Stopped at {} states, the most this search can number.",
        SaidObserverFull => "Stopped after {} expansions, the most the step-through records.",
        SaidNotFollowed => "Not run: the step-through cannot follow a search of this puzzle.",
        SaidPathTooLong => "Stopped: the solution needs more than {} moves, the longest path this search keeps.",
        SaidStopped => "Stopped.",
        SaidNoAnswer => "No answer was found within the budget.",
        SaidExhausted => "Every reachable state was searched and the goal is not among them.",
        SaidDepthLimit => "No solution within the depth bound of {} moves: raise the depth bound.",
        SaidLargeBoard => "Optimal solving of a {} board can take days of computing: use weighted A* (at most w × the shortest).",
        SaidLargerWeight => "A larger weight (up to {}) needs fewer states, for a solution that may be longer.",
        SaidTooFarForOptimal => "Stopped before searching: this {} board is at least {} moves from the goal, and no optimal search of a board this large and this far out ends within the {} s time limit. Pick {}: an answer at once, with a proven bound on how far from the shortest it can be.",
        SaidDirectOnlyForHanoi => "Direct solving is only for the Tower of Hanoi: pick a search.",
        SaidTooManyDisks => "{} disks are too many to search (at most {}): use the direct solver.",
        SaidPdbTooLarge => "The pattern databases cover boards of up to {} cells (4×4); a {} board takes {}.",
        SaidDirectFromAnyPosition => "Direct solving from an arbitrary position on {} pegs is not supported: use A* or breadth-first search.",
        SaidUnreadable => "The puzzle could not be read: {}.",
        SaidRefused => "The solver refused this input: {}.",
        NoteTablesRead => "Note: pattern databases read from this browser's cache in {}.",
        NoteTablesStored => "Note: pattern databases built and stored in this browser: the next visit skips the build.",
        NoteTablesRebuilt => "Note: the stored pattern databases were unusable ({}), so they were rebuilt and stored again.",
        NoteNoTableStore => "Note: this browser offers no IndexedDB here ({}), so the pattern databases are rebuilt on every visit.",
        NoteTableStoreRefused => "Note: the browser's IndexedDB refused the pattern databases ({}); they will be rebuilt next visit.",
        NoteBuildTook => "Note: the build took {}.",
        NoteBuildTookHelper => "Note: the build took {} with a helper worker.",
        NoteBuildTookHelpers => "Note: the build took {} in {} helper workers.",
        NoteImprovedWith5x5 => "Note: improved with the 5x5 pattern databases.",
        NoteBuilding5x5 => "Note: the 5x5 pattern databases are being built in the background ({}% done): until they are ready, 5x5 answers are improved without them; solve again then for a near-optimal answer.",
        DropNoSuchPeg => "Peg {} does not exist: pegs are numbered 0 to {}.",
        DropSamePeg => "A move must go to another peg: both ends are peg {}.",
        DropEmptyPeg => "Peg {} is empty: there is no disk to move.",
        DropOntoSmaller => "Disk {} cannot go onto peg {}: its top disk {} is smaller.",
        HintNoMethod => "no search here promises a shortest answer for this many disks",
        HintSolveStarted => "a solve started",
        HintCrashed => "the solver stopped unexpectedly{}",
        AlgoNoteDfs => "Depth-bounded DFS is not optimal: it returns the first solution it meets within {} moves, usually far longer than the shortest, and finds none if the bound is too small.",
        AlgoNoteWeighted => "Weighted A* trades length for speed: with an admissible heuristic its solution is at most w times the shortest (the result states w and the bound).",
        AlgoNoteGreedy => "Greedy best-first follows the heuristic alone: fast, but not optimal; its solutions are often much longer than the shortest.",
        AlgoNoteBudget => "{} will most likely stop at its limit: this puzzle has {} reachable states and the budget is {} (it finishes only if the solution is short). A* or IDA* with a good heuristic reach much further.",
        AlgoNotePdb => "Pattern databases are built in the worker the first time (a few seconds for 4x4, with a progress bar), then reused until the page is closed.",
        AlgoNoteSeedPower => "The seed-power heuristic 2^(k+1)-1 overestimates (it is not admissible), so the answer may be longer than the shortest: compare with the exact heuristic.",
        AlgoNoteHugeBoard => "A {}x{} board can need billions of states to solve optimally from a random start: a start far from the goal is refused at once, and any search stops at the 10 s time limit; Scramble gives a start a few dozen moves out, and the staged solver (the page's choice for this size) answers any start at once, saying how far from the shortest it can be.",
        AlgoNoteBigBoard => "A {}x{} board from a random start can take A* past its budget and IDA* past the 10 s time limit with this heuristic; the pattern databases (pdb) solve any start in about a second.",
        AlgoNoteDirectTower => "On {} pegs the direct solver only moves a whole tower from one peg to another (Frame-Stewart), and this start or goal is not a single tower: pick A*, IDA* or BFS.",
        AlgoNoteDirectCap => "With {} disks the solution can have up to 2^{}-1 moves: the direct solver gives its length, but lists (and animates) the moves only up to {}.",
        AlgoNoteLowerBound => "This tower has {} positions and on {} pegs the heuristic is only a lower bound: {} may stop at its limit of {} states. Direct moves a whole tower without search.",
        AlgoNoteMaxDisks => "Searches take at most {} disks: pick Direct for {} disks.",
        MoveWordsTile => "tile {} slides {}",
        MoveWordsDisk => "disk {}: peg {} -> {}",
        DirUp => "up",
        DirDown => "down",
        DirLeft => "left",
        DirRight => "right",
        HintedTile => "Hint: slide tile {}",
        HintedDisk => "Hint: move the top disk of peg {} to peg {}",
        // The search lab.
        CompareTitle => "Compare",
        CompareTable => "The comparison, one row per algorithm",
        CompareIntro => "Run several algorithms on this puzzle, one after another, each within the budget below.",
        CompareButton => "Compare",
        CompareButtonTitle => "Solve this puzzle with every ticked algorithm and compare the numbers",
        CancelPair => "Skip this one",
        CancelAll => "Stop comparing",
        CompareBudget => "States per algorithm",
        CompareBudgetTitle => "Each algorithm stops with \"limit\" when it holds this many states or runs for {} s",
        ComparePairs => "Algorithms to run",
        ColAlgorithm => "Algorithm",
        ColHeuristic => "Heuristic",
        ColSteps => "Steps",
        ColOperators => "Moves",
        ColMaxOpen => "Max OPEN",
        ColClosed => "CLOSED",
        ColExpanded => "Expanded",
        ColTime => "Time",
        ColOptimal => "Optimal",
        Yes => "yes",
        No => "no",
        Waiting => "waiting",
        Running => "running…",
        Limit => "limit",
        Cancelled => "cancelled",
        Failed => "error",
        Unsolvable => "unsolvable",
        ChartExpanded => "Nodes expanded",
        ChartTime => "Time (ms)",
        LogScale => "log scale",
        CompareEmpty => "Tick at least one algorithm to compare.",
        SierpinskiTitle => "The state graph",
        SierpinskiCaption => "Every position of {} disks on 3 pegs ({} states) as a Sierpinski triangle; corners are whole towers.",
        SierpinskiExplored => "{} states expanded, in this order: early ones dark, late ones light",
        SierpinskiPath => "solution path: {} states",
        SierpinskiUnexplored => "not expanded",
        SierpinskiHint => "Solve to colour the states the search expanded and to highlight its path.",
        ByDepth => "Nodes expanded by depth (square-root scale)",
        ByBound => "Nodes expanded at each f-bound of IDA* (square-root scale)",
        StepperTitle => "Step through the search",
        StepperIntro => "Expand one state at a time and watch OPEN and CLOSED grow.",
        StepFirst => "First",
        SearchStepBack => "Back",
        SearchStepForward => "Expand next",
        StepLast => "Last",
        StepWhole => "Whole search",
        StepStatus => "Step {} of {}: OPEN {} · CLOSED {}",
        StepCurrent => "Expanding state {}: disks on pegs {}",
        StepGoal => "The goal is reached: the search stops.",
        StepBoard => "Expanding state {}: the board below",
        StepTruncated => "Only the first {} expansions are recorded: the search went on beyond them.",
        StepShows => "The order of {}.",
        StepDirectAsBfs => "The direct solver does not search: this is BFS on the same puzzle, for comparison.",
        StepIteration => "IDA* iteration {} of {}: a depth-first search that expands only states with f = g + h ≤ {}.",
        StepCosts => "This state: g = {} moves from the start, h = {} (the heuristic's estimate of the moves left).",
        StepDepth => "This state: g = {} moves from the start.",
        TruthTitle => "Heuristics against the truth",
        TruthIntro => "h* is the true number of moves from a state to the goal, found by the solver. An admissible heuristic never exceeds it; a consistent one changes by at most 1 a move.",
        TruthOpen => "Hold the heuristics against the truth",
        TruthClose => "Close",
        TruthMeasure => "Measure",
        TruthMeasuring => "Measuring…",
        TruthFailed => "Could not measure: {}",
        TruthLost => "The measurement was lost: {}",
        TruthByFormula => "h* by the exact three-peg formula (O(n)), for any start and goal.",
        TruthByTable => "h* from a table of the distances of all {} states, filled by breadth-first search from the goal.",
        TruthBySearch => "h* by an optimal search ({} with {}) from each position, {} s in all; a position it does not finish in time stays unknown.",
        TruthShowStart => "Start",
        TruthShowStep => "A step of the solution",
        TruthShowStepper => "The stepper's state",
        TruthStepOf => "After move {} of {}",
        TruthNoSolution => "Solve to measure every position along the solution; the start is measured now.",
        TruthTooLong => "The solution has {} moves: only the start is measured (solutions of up to {} moves are measured move by move).",
        TruthStepperNone => "Step through the search below: the stepper's current state is measured here.",
        TruthStepperOnly => "The stepper shows small searches (boards up to 3x3, towers on three pegs up to 7 disks).",
        TruthHeuristic => "Heuristic",
        TruthTableLabel => "Each heuristic beside h*",
        TruthF => "f = g + h",
        TruthAgainst => "Against h*",
        TruthHStar => "h* (true distance)",
        TruthUnknown => "unknown: the optimal search did not finish within its time",
        TruthUnreachable => "none: the goal cannot be reached from this state",
        TruthEqual => "= h*",
        TruthBelow => "{} below h*",
        TruthOver => "overestimates by {}",
        TruthNotJudged => "not judged (h* unknown)",
        TruthChartTitle => "h (solid), f = g + h (dashed) and h* (black) at each move of the solution",
        TruthChartLabel => "Chart of h*, and of each heuristic's h and f = g + h, at each move of the solution",
        TruthLegendOver => "above h* (not admissible)",
        TruthLegendJump => "changes by more than 1 in a move (not consistent)",
        TruthAdmissibleYes => "{}: never above h* along this path",
        TruthAdmissibleNo => "{}: above h* at {} of {} positions, so not admissible",
        TruthConsistentYes => "changes by at most 1 a move",
        TruthVerdictLine => "{}; {}.",
        TruthConsistentNo => "changes by more than 1 in {} of the {} moves, so not consistent",
        TruthUnjudged => "{}: h* is unknown along this path",
        TruthDominanceHolds => "Dominance holds at every position along this path: {}.",
        TruthNotBuilt => "{}: not measured yet. This board's tables are built by the first solve that uses them (IDA* with them is the default here); measure again after it.",
        TruthDominanceBroken => "Dominance fails after move {}: {} is below {}.",
        TruthSeedOver => "The seed article's heuristic overestimates at {} positions along this solution (red circles in the chart).",
        TruthRaceIntro => "The seed article's heuristic 2^(k+1) − 1 overestimates, so A* with it may return a path longer than a shortest one.",
        TruthRaceRun => "Run A* with it and with an admissible heuristic",
        TruthRaceRunning => "A* with {}: running…",
        TruthRaceLeg => "A* with {}: {} moves, {} states expanded",
        TruthRaceStopped => "A* with {}: {}",
        TruthRaceLonger => "Not a shortest path: {} moves where {} suffice.",
        TruthRaceSame => "Here A* with the seed heuristic still found a shortest path ({} moves).",
        TruthRacePath => "The path it returns",
        Export => "Export",
        ExportTitle => "Download this run (JSON, CSV) or a picture of the puzzle (SVG, PNG)",
        ExportRunJson => "Run as JSON (the command line's format)",
        ExportRunCsv => "Run as CSV (statistics, moves, nodes by depth)",
        ExportNoRun => "Solve first: there is no run to export yet.",
        ExportPicture => "Picture of the puzzle:",
        ExportImageLabel => "Download “{}” as {}",
        ExportCompareCsv => "Table as CSV",
        ExportFailed => "The export failed: {}. Try again, or try the other format.",
        EmbedCode => "Copy embed code",
        EmbedCodeTitle => "Copy an <iframe> snippet that shows this run, at this move, on another page",
        NoticeEmbedCopied => "Embed code copied to the clipboard: paste it into your page's HTML.",
        NoticeEmbedByHand => "The embed code could not be copied ({}): copy it from the box below.",
        EmbedOpenFull => "Open in Puzzle Lab ↗",
        EmbedOpenFullTitle => "Open this run in the full app, in a new tab",
        NoticeBadAt => "The link's move 'at={}' is not a whole number of moves: the run opens at its start.",
        NoticeBadEmbed => "The link's 'embed={}' is neither 1 nor 0: the full page is shown.",
        NoticeBadDepth => "The link's depth limit 'depth={}' is not a whole number from 1 to 200: DFS searches to its default depth.",
        NoticeAtBeyond => "The link opens at move {}, but the solution found has {} moves: it is shown at its end.",
        TreeTitle => "Search tree",
        TreeIntro => "Every node the search generated, up to the stepper's step: the number in a node is f = g + h (g alone in a search without h). Click a node to move the stepper to it; drag to pan.",
        TreeTooLarge => "This run expanded {} states: the search tree is drawn for runs of up to {} expansions. Try a nearer start or a stronger heuristic.",
        TreeCounts => "{} nodes generated · {} expanded · {} duplicates · {} pruned",
        TreeSides => "Left: the search from the start; right: the search from the goal (g counts from the goal).",
        TreeIterations => "IDA* iterations:",
        TreeIteration => "{}: f ≤ {}",
        TreeZoom => "Zoom",
        TreeZoomIn => "Zoom in",
        TreeZoomOut => "Zoom out",
        TreeZoomReset => "Actual size",
        TreeKeys => "Search tree: Left and Right arrows step, Up goes to the parent, Down to the first expanded child, + and - zoom, 0 resets the zoom.",
        TreeLegend => "Legend",
        TreeLegendClosed => "expanded (CLOSED)",
        TreeLegendCurrent => "expanded at this step",
        TreeLegendOpen => "waiting (OPEN)",
        TreeLegendDuplicate => "duplicate, dropped",
        TreeLegendPruned => "pruned by the bound",
        TreeLegendPath => "solution path",
        NodeRoot => "where the search starts",
        NodeNew => "new",
        NodeImproved => "reached again by a shorter path",
        NodeDuplicateClosed => "duplicate of an expanded state",
        NodeDuplicateOpen => "duplicate of a state in OPEN",
        NodePruned => "pruned by the bound",
        NodeCosts => "Node {}: g = {}, h = {}, f = {} ({})",
        NodeDepth => "Node {}: g = {} ({})",
        NodeExpandedAt => "; expanded at step {}",
        ExerciseTitle => "Predict the next expansion",
        ExerciseIntro => "Pick the node of OPEN that the algorithm expands next; the real run is the judge.",
        ExerciseCovers => "The exercise covers BFS, DFS, A* and greedy search: pick one of them and solve again.",
        ExerciseStart => "Start the exercise",
        ExerciseStop => "Stop the exercise",
        ExerciseScore => "Score: {} of {}",
        ExercisePrompt => "Step {}: which node does {} expand next? Click it in the tree or pick it below.",
        ExerciseOpen => "OPEN holds {} nodes:",
        ExerciseOpenOne => "OPEN holds 1 node:",
        ExerciseDone => "The search has ended: step back to try again.",
        ExerciseRight => "Right: at step {}, {} expands node {}.",
        ExerciseWrong => "Not node {}: at step {}, {} expands node {}.",
        ExerciseTie => "{} nodes of OPEN tied on {}: the engine broke the tie {}.",
        ExerciseSkipped => "Before it, DFS took {} waiting node(s) off its stack and dropped them: reached before at no greater depth, or at its depth bound.",
        RuleFifo => "BFS expands the oldest node of OPEN: first in, first out.",
        RuleDepthFirst => "DFS expands the first waiting child of the deepest state on its path (children in move order): last in, first out by level, skipping a child reached before at no greater depth.",
        RuleLowestF => "A* expands the node of lowest f = g + h; among equal f the larger g (the deeper node), then the newest.",
        RuleLowestH => "Greedy search expands the node of lowest h; among equal h the larger g, then the newest.",
        TieLargerG => "by the larger g",
        TieNewest => "by taking the newest (equal g too)",
        TieEngineOrder => "by its own order among equal entries",
        Lessons => "Lessons",
        LessonsTitle => "Lessons: search, one idea at a time",
        LessonsContents => "Contents",
        LessonsInThisLesson => "In this lesson",
        LessonsBackToLab => "Open the lab",
        LearnLink => "Learn what this shows ↗",
        LessonSectionLink => "Link to this section",
        LessonSectionEmbed => "Embed this section",
        LessonOpenInLab => "Open in the lab",
        LessonOpenInLabTitle => "The full app on this puzzle and algorithm",
        LessonComputing => "computing…",
        LessonCheck => "Check",
        LessonScore => "Score: {} of {}",
        LessonRight => "Right.",
        LessonWrong => "Not quite.",
    }
}

/// Simplified Chinese.
fn zh(key: Msg) -> &'static str {
    use Msg::*;
    match key {
        Language => "语言",
        Hint => "提示",
        HintTitle => "显示最佳的下一步以及还剩几步",
        HintMove => "最佳下一步：{}",
        MovesLeft => "还剩 {} 步",
        MovesLeftOne => "还剩 1 步",
        HintThinking => "计算中…",
        HintUnavailable => "无法提示：{}",
        HintAtGoal => "已完成：到达目标。",
        HandPlayTools => "游戏工具",
        Undo => "撤销",
        Redo => "重做",
        SolveFromHere => "从这里求解",
        SolveFromHereTitle => "把当前局面设为起点并求解",
        YouMoves => "你：{} 步",
        OptimalMoves => "最优：{}",
        OptimalUnknown => "最优：…",
        PlayHelp => "在空格旁的方块上按 Enter 或空格键即可移动它。",
        AnnounceTile => "方块 {} 移到第 {} 行第 {} 列。共 {} 步。",
        AnnounceDisk => "圆盘 {} 移到柱 {}。共 {} 步。",
        AnnounceGoal => "用 {} 步到达目标。",
        TileLabel => "方块 {}，第 {} 行，第 {} 列",
        BlankLabel => "空格，第 {} 行，第 {} 列",
        SolvedByHand => "你用 {} 步完成了！点击“求解”与最短解比较。",
        AlgBfs => "广度优先搜索",
        AlgBibfs => "双向广度优先搜索",
        AlgDfs => "有深度上限的深度优先搜索",
        AlgAstar => "A*",
        AlgIdastar => "IDA*",
        AlgGreedy => "贪心最佳优先搜索",
        AlgWeighted => "加权 A*",
        AlgDirect => "直接求解",
        AlgStaged => "分步（逐行），再改进",
        ProgressImproving => "正在改进：目前最好 {} 步 · 已扩展 {} 个节点 · {}",
        SolvedStaged => "已求解：{}，由分步求解器得到（逐行放好方块，再在你观看时缩短路径）。",
        ImprovementCancelled => "改进已取消：这是到那时找到的最好的解。",
        FirstAnswerWithin => "{} 步，最多比最短解长 {}%",
        FirstAnswerShortest => "{} 步，已是最短解",
        FirstAnswerMoves => "{} 步",
        ProgressFirstBuilding => "已得到第一个解（{}）；正在构建求最短解所需的模式数据库… {}% · {}",
        ProgressFirstSearching => "已得到第一个解（{}）；正在搜索最短解：已扩展 {} 个节点 · {}",
        FirstAnswerKept => "求最短解的搜索已停止：这是第一个解。",
        FirstAnswerReplaced => "它取代了先前的第一个解（{} 步）。",
        BoundShortest => "是最短解（其长度等于已证明的下界）。",
        BoundWithin => "最多比最短解长 {}%（下界 {} 步）。",
        BoundNone => "这个 {} 步的解没有大于 0 的已知下界。",
        ShowWaiting => "更短的解已就绪（{} 步）：显示它",
        AlgoNoteStaged => "分步求解器用小规模搜索逐行放好方块（任何不超过 8x8 的棋盘都能立即得到解），再在你观看时缩短路径；结果会写明它最多比最短解长多少。",
        HeurMisplaced => "错位数",
        HeurManhattan => "曼哈顿距离",
        HeurLinearConflict => "曼哈顿距离 + 线性冲突",
        HeurPdb => "模式数据库",
        HeurExact => "精确值（3 柱）/ 下界",
        HeurSeedPower => "种子文章的 2^(k+1)-1（不可采纳）",
        AppName => "解谜实验室",
        Tagline => "滑块拼图与汉诺塔，在浏览器中求解",
        Share => "分享",
        ShareTitle => "复制一个能打开这道谜题的链接",
        PuzzleView => "谜题视图",
        Footer => "求解器在 Web Worker 中运行，“取消”会立即停止它。每次修改都会写入地址栏，因此链接可以重新打开这道谜题。",
        UpdateReady => "解谜实验室的新版本已就绪。重新加载即可切换；这道谜题保留在地址栏中。",
        UpdateReload => "重新加载",
        UpdateSwitching => "正在切换…",
        ViewHandPlay => "从起点开始游玩",
        ViewEditingGoal => "正在编辑目标",
        ViewEditingStart => "正在编辑起点",
        ViewSolutionAt => "解：第 {} 步（共 {} 步）之后",
        Goal => "目标",
        Start => "起点",
        Puzzle => "谜题",
        Kind => "类型",
        SlidingPuzzle => "滑块拼图",
        TowerOfHanoi => "汉诺塔",
        Size => "尺寸",
        SizeOption => "{}（{} 个方块）",
        Square => "正方形",
        Rectangle => "长方形",
        Pegs => "柱数",
        Disks => "圆盘数",
        Mode => "模式",
        SetUp => "设置",
        HandPlayMode => "游玩",
        EditGoal => "编辑目标",
        Shuffle => "打乱",
        ShuffleSlidingTitle => "均匀随机的可解排列",
        ShuffleHanoiTitle => "均匀随机的合法局面",
        Scramble => "随机走步",
        ScrambleTitle => "从另一个局面随机走若干步：一道简单的题",
        ScrambleMoves => "随机步数",
        MovesUnit => "步",
        HelpPlaySliding => "游玩：点击或轻触空格旁的方块，或使用方向键。",
        HelpPlayHanoi => "游玩：把顶部圆盘拖到顶部圆盘更大的柱子上（或空柱上）。",
        HelpSetupSliding => "设置：把方块拖到另一个格子上即可交换两者。",
        HelpSetupHanoi => "设置：把任意圆盘拖到任意柱子上，它会按大小落到自己的位置。",
        Solver => "求解器",
        Algorithm => "算法",
        Heuristic => "启发函数",
        NoHeuristicTitle => "该算法不使用启发函数",
        StateBudget => "状态上限",
        StateBudgetTitle => "一次搜索最多可保存的状态数；上限越大，占用内存越多",
        DepthBound => "深度上限",
        Solve => "求解",
        SolvingButton => "求解中…",
        Cancel => "取消",
        NoteNoSearch => "（不搜索）",
        NoteBounded => "（有界，非最优）",
        NoteNotOptimal => "（非最优）",
        Status => "状态",
        StatusReady => "就绪",
        StatusSolving => "求解中…",
        StatusSolved => "已求解",
        StatusUnsolvable => "无解",
        StatusLimit => "已达上限而停止",
        StatusCancelled => "已取消",
        StatusError => "错误",
        ProgressNodes => "已扩展 {} 个节点，生成 {} 个 · {}",
        ProgressWaiting => "等待中：求解器先完成对比中正在运行的这一组",
        ProgressBuilding => "正在构建模式数据库… {}% · {}",
        BuildingPdb => "正在构建模式数据库",
        BuildNote => "每个浏览器只构建一次：之后访问会从缓存读取。“取消”可停止构建。",
        TablesBuilding => "正在后台准备 5x5 模式数据库（{}%）：准备好之后，5x5 求解会用它们得到更短的解答。",
        SolutionLength => "解：{} 步",
        SolutionLengthOne => "解：{} 步",
        Dismiss => "关闭",
        DismissMessage => "关闭这条消息",
        ShareLink => "这道谜题的链接",
        Statistics => "统计",
        StatsEmpty => "求解后可看到各项数据：扩展与生成的节点数、最大 OPEN 表、CLOSED 表、内存和时间。",
        OptimalYes => "是，最短解",
        OptimalNotGuaranteed => "不保证",
        NoHeuristic => "无",
        StatLength => "解的长度",
        StatOptimal => "最优",
        StatAlgorithm => "算法",
        StatHeuristic => "启发函数",
        StatExpanded => "扩展节点数",
        StatGenerated => "生成节点数",
        StatMaxOpen => "最大 OPEN 表",
        StatClosed => "CLOSED 表",
        StatDuplicates => "跳过的重复状态",
        StatMemory => "峰值内存（估计）",
        StatTime => "时间",
        Pause => "暂停",
        Replay => "重播",
        PlaybackPlay => "播放",
        StepBack => "后退一步",
        StepForward => "前进一步",
        NoSolutionYet => "尚无解",
        MoveOf => "第 {} 步，共 {} 步",
        ScrubberLabel => "在解中的位置",
        Speed => "速度",
        SpeedLabel => "动画速度（越往右越快）",
        PegLabel => "柱 {}",
        PreviewTitle => "{}：点击进行编辑",
        Moves => "走法",
        MovesEmpty => "解的每一步会以文字显示在这里。",
        EarlierMoves => "… 前面还有 {} 步",
        MoreMoves => "… 后面还有 {} 步",
        Solvable => "✓ 可解",
        UnsolvableWhy => "✗ 无解：方块排列为{}排列，但空格到目标格的距离为{}数",
        Odd => "奇",
        Even => "偶",
        DiskLabel => "圆盘 {}，在柱 {} 上",
        PlayHelpHanoiKeys => "按键：按柱子的字母或数字拿起其顶部圆盘，再按另一根柱子的字母或数字放下。",
        NoticeCancelled => "已取消：搜索已停止，求解器已重启，可以开始下一次运行。",
        NoticeLinkCopied => "链接已复制到剪贴板：它会打开这个谜题的当前局面。",
        NoticeCopyByHand => "请手动复制下面的链接（此处无法使用剪贴板：{}）。",
        NoticeBadLink => "无法读取此链接：{}。改为显示一个随机打乱的 8 数码。",
        NoticeSolverStart => "求解器无法启动：{}。",
        NoticeUnsolvable => "这个局面无法到达目标：方块相对目标是{}排列，而空格离目标格 {} 步，是{}数；每一步都会同时改变这两个奇偶性，所以怎么走都无法弥补。交换任意两个方块（不含空格）即可变为可解。",
        NoteAlgorithmNotApplicable => "{}不适用于{}；改用{}。",
        NoteHeuristicNotApplicable => "启发函数 {} 不适用于这个{}；改用{}。",
        KindSliding => "滑块拼图",
        KindHanoi => "汉诺塔",
        FailedSolverError => "求解器报告了一个错误：{}",
        FailureUnreadableRequest => "求解器读不懂页面发来的请求{}；页面与求解器可能来自不同版本：请重新加载页面",
        FailureUnreadableResponse => "页面读不懂求解器的回答{}；页面与求解器可能来自不同版本：请重新加载页面",
        FailureNotText => "求解器收到的不是请求",
        FailureOverlapping => "求解器在另一个请求等待时又收到了请求：请重新加载页面",
        FailureUnencodable => "求解器无法编码它的回答{}",
        FailureNotRunning => "求解器没有在运行：请重新加载页面",
        FailureUnreachable => "浏览器无法联系求解器{}",
        FailureNotLoaded => "求解器无法加载{}：请检查网络连接并重新加载页面",
        FailedCrash => "求解器意外停止{}。它已重新启动：请重试，或选择更小的谜题或其他算法。",
        FailedSilent => "求解器已经 {} 秒没有响应，因此已重新启动。请重试，或选择更小的谜题或其他算法。",
        ReplayUnreadable => "无法读取求解器的答案：{}",
        ReplayIllegal => "求解器的第 {} 步不合法：{}",
        ReplayOtherKind => "求解器给出的是另一种谜题的走法。",
        ReplayNotAtGoal => "求解器的走法没有到达目标，因此不显示该解。",
        SolvedByHandOne => "你用 {} 步完成了！点击“求解”与最短解比较。",
        SolvedShortest => "已求解：{}，是最短解。",
        SolvedNoGuarantee => "已求解：{}；{}不保证得到最短解。",
        SolvedInadmissible => "已求解：{}；启发函数 {} 可能高估，所以{}不保证得到最短解。",
        SolvedWithin => "已求解：{}，不超过最短解的 {} 倍（加权 A*，w = {}）。",
        SolvedNoBound => "已求解：{}，长度没有保证（加权 A*，启发函数 {} 可能高估）。",
        CountMoves => "{} 步",
        CountMovesOne => "{} 步",
        QueryEmpty => "链接里没有谜题",
        QueryNoQuery => "地址里“?”之后没有内容",
        QueryBadEscape => "“%{}”不是合法的百分号转义",
        QueryNotUtf8 => "“{}”无法解码为文字",
        QueryDuplicateKey => "“{}”出现了两次",
        QueryEmptyValue => "“{}”没有值",
        QueryMissing => "缺少“{}”",
        QueryUnknownPuzzle => "未知的谜题“{}”：应为 sliding（滑块拼图）或 hanoi（汉诺塔）",
        QueryWrongKey => "“{}”不适用于{}",
        QueryBadSize => "尺寸“{}”不是“宽x高”的形式（例如 3x3）",
        QuerySizeOutOfRange => "尺寸 {} 超出范围：宽和高都必须在 {} 到 {} 之间",
        QueryNotANumber => "{}“{}”不是整数",
        QueryPegsOutOfRange => "柱子数 {} 超出范围：应为 {} 到 {} 根",
        QueryDisksOutOfRange => "圆盘数 {} 超出范围：应为 {} 到 {} 个",
        QueryBadListItem => "第 {} 项（在 {} 中，“{}”）不是整数",
        QueryWrongTileCount => "{} 有 {} 个数，但 {} 棋盘需要 {} 个",
        QueryWrongDiskCount => "{} 有 {} 个数，但 {} 个圆盘需要同样多个",
        QueryTileOutOfRange => "方块 {}（在 {} 中）超出范围：{} 棋盘的方块是 1 到 {}，空格记为 0",
        QueryDuplicateTile => "方块 {} 在 {} 中出现了两次，而方块 {} 缺失（0 表示空格）",
        QueryPegOutOfRange => "圆盘 {}（在 {} 中）位于柱 {}，但 {} 柱的谜题只有柱 0 到 {}",
        QueryUnknownAlgorithm => "未知的算法“{}”",
        QueryUnknownHeuristic => "未知的启发函数“{}”",
        QueryHeuristicNotForPuzzle => "启发函数“{}”不适用于{}",
        QueryWeight => "权重必须是 1 到 10 之间、最多两位小数的数",
        QueryWeightWithoutWeighted => "权重只用于加权 A*",
        TruthPathTooLong => "这个解有 {} 步；启发函数只沿不超过 {} 步的解测量",
        TruthReplay => "解的第 {} 步走不出来{}",
        TruthTooManyDisks => "这是 {} 个圆盘的塔：启发函数只对最多 {} 个圆盘的塔计算",
        TruthPuzzleRefused => "求解器不接受这个谜题{}",
        SaidSolved => "已解出，共 {}。",
        SaidSolvedImproved => "已解出，共 {}（初解 {}，之后改进）。",
        SaidShortest => "这是一条最短解。",
        SaidNoGuarantee => "{}不保证找到最短解。",
        SaidOverestimates => "启发函数“{}”可能高估剩余步数，所以{}不保证找到最短解。",
        SaidWithinDepth => "找到一条 {} 的解，在深度上限 {} 以内；深度优先搜索并不寻找最短解。",
        SaidWeightedBound => "至多是最短解的 {} 倍（加权 A*，w = {}）：解长 {}。",
        SaidWeightedShortest => "解长 {}：w = 1 的加权 A* 就是 A*，所以这是一条最短解。",
        SaidWeightedNoBound => "长度没有保证（加权 A*，w = {}，启发函数“{}”可能高估）：解长 {}。",
        SaidNearOptimal => "至多比最短解长 {}%（下界 {} 步）。",
        SaidDirect => "{}：{}，{}（用公式直接求出，没有搜索）。",
        SaidDirectUnlisted => "{}：{}，{}；步数超过列出上限，因此不逐步列出（用公式直接求出，没有搜索）。",
        DirectClassic => "经典递归",
        DirectThreePegPath => "三柱最短路径",
        DirectFrameStewart => "Frame-Stewart 算法",
        DirectClassicWhy => "即 2^n − 1 步，已是最少",
        DirectThreePegPathWhy => "已是最少：必须移动的最大圆盘移动一次或两次，取较短的一种",
        DirectFourPegsWhy => "是 4 根柱子上的最少步数（Frame-Stewart 算法的最优性已由 Bousch 于 2014 年证明）",
        DirectMorePegsWhy => "推测为最少：Frame-Stewart 猜想在 5 根及以上柱子时尚未得到证明",
        SaidImprovementCancelled => "改进已取消；这是目前找到的最好答案。",
        SaidImprovementTimeLimit => "改进到达时间上限（{}），已停止。",
        SaidImprovementBudget => "改进用完了 {} 次扩展的预算，已停止。",
        SaidNoShorterWindow => "长度不超过 {} 步的片段都已无法再缩短。",
        SaidCancelled => "已被用户取消。",
        SaidCancelledWhileBuilding => "在构建模式数据库时被取消。",
        SaidTimeLimit => "在找到解之前到达了时间上限（{}），搜索停止。",
        SaidMemoryLimit => "到达内存上限：搜索需要的内存将超过允许的 {} 字节（{} MiB），却仍未找到目标。请换用更强的算法或启发函数，或者换一个更小的谜题。",
        SaidStateLimit => "到达状态数上限：搜索保存的状态已达上限（{} 个），仍未找到目标。请提高上限，或换用更强的算法或启发函数。",
        SaidIdRoom => "搜索在 {} 个状态处停止：这是它能编号的最大数目。",
        SaidObserverFull => "扩展 {} 次后停止：这是逐步演示最多能记录的次数。",
        SaidNotFollowed => "未运行：逐步演示无法跟踪这个谜题的搜索。",
        SaidPathTooLong => "已停止：解需要超过 {} 步，超出了这个搜索能保存的最长路径。",
        SaidStopped => "已停止。",
        SaidNoAnswer => "在预算之内没有找到答案。",
        SaidExhausted => "所有可达状态都已搜索过，其中没有目标。",
        SaidDepthLimit => "在 {} 步的深度上限以内没有解：请提高深度上限。",
        SaidLargeBoard => "{} 棋盘的最优求解可能要算上好几天：请改用加权 A*（解长至多为最短解的 w 倍）。",
        SaidLargerWeight => "更大的权重（最大 {}）需要保存的状态更少，但解可能更长。",
        SaidTooFarForOptimal => "未开始搜索：这个 {} 棋盘离目标至少 {} 步；这么大、离目标这么远的棋盘，任何最优搜索都无法在 {} 秒的时间上限内完成。请选择“{}”：它立刻给出答案，并证明这个答案最多比最短解长多少。",
        SaidDirectOnlyForHanoi => "直接求解只适用于汉诺塔：请选择一种搜索算法。",
        SaidTooManyDisks => "{} 个圆盘太多，无法搜索（最多 {} 个）：请使用直接求解。",
        SaidPdbTooLarge => "模式数据库只覆盖最多 {} 格的棋盘（4×4）；{} 棋盘请使用“{}”。",
        SaidDirectFromAnyPosition => "在 {} 根柱子上不支持从任意局面直接求解：请使用 A* 或广度优先搜索。",
        SaidUnreadable => "无法读取这个谜题：{}。",
        SaidRefused => "求解器拒绝了这个输入：它没有通过求解器内部的检查{}。",
        NoteTablesRead => "附注：模式数据库已从本浏览器的缓存中读出，用时 {}。",
        NoteTablesStored => "附注：模式数据库已构建并保存在本浏览器中：下次访问无需再构建。",
        NoteTablesRebuilt => "附注：保存的模式数据库已无法使用{}，因此重新构建并再次保存。",
        NoteNoTableStore => "附注：这里的浏览器不提供 IndexedDB 存储{}，所以每次访问都要重新构建模式数据库。",
        NoteTableStoreRefused => "附注：浏览器的 IndexedDB 拒绝保存模式数据库{}；下次访问时会重新构建。",
        NoteBuildTook => "附注：构建用时 {}。",
        NoteBuildTookHelper => "附注：构建用时 {}，有一个辅助线程协助。",
        NoteBuildTookHelpers => "附注：构建用时 {}，由 {} 个辅助线程分担。",
        NoteImprovedWith5x5 => "附注：已借助 5×5 模式数据库改进。",
        NoteBuilding5x5 => "附注：5×5 模式数据库正在后台构建（已完成 {}%）：完成之前，5×5 的答案不借助它们改进；完成后再求解一次，可得到接近最优的答案。",
        DropNoSuchPeg => "柱 {} 不存在：柱子编号为 0 到 {}。",
        DropSamePeg => "必须移到另一根柱子上：起点和终点都是柱 {}。",
        DropEmptyPeg => "柱 {} 是空的：没有可移动的圆盘。",
        DropOntoSmaller => "圆盘 {} 不能放到柱 {} 上：那里顶部的圆盘 {} 更小。",
        HintNoMethod => "对这么多圆盘，这里没有能保证给出最短解的搜索",
        HintSolveStarted => "已开始求解",
        HintCrashed => "求解器意外停止{}",
        AlgoNoteDfs => "有深度上限的深度优先搜索不是最优的：它返回在 {} 步以内遇到的第一个解，通常比最短解长得多；若上限太小则找不到解。",
        AlgoNoteWeighted => "加权 A* 以解的长度换取速度：使用可采纳的启发函数时，它的解最多是最短解的 w 倍（结果中会写明 w 和这个上界）。",
        AlgoNoteGreedy => "贪心最佳优先搜索只跟随启发函数：速度快，但不是最优的；它的解往往比最短解长得多。",
        AlgoNoteBudget => "{}很可能会在达到上限时停止：这道谜题有 {} 个可达状态，而状态上限是 {}（只有解很短时才能完成）。使用好的启发函数的 A* 或 IDA* 能走得远得多。",
        AlgoNotePdb => "模式数据库在第一次使用时于 Worker 中构建（4x4 需要几秒，并显示进度条），之后在页面关闭前一直重复使用。",
        AlgoNoteSeedPower => "种子文章的启发函数 2^(k+1)-1 会高估（不可采纳），所以得到的解可能比最短解长：请与精确启发函数比较。",
        AlgoNoteHugeBoard => "{}x{} 的棋盘从随机起点最优求解可能需要数十亿个状态：离目标很远的起点会被立即拒绝，任何搜索都会在 10 秒时间上限处停止；“随机走步”可以给出离目标几十步的起点，而分步求解器（本尺寸的默认选择）能立即解出任何起点，并写明它最多比最短解长多少。",
        AlgoNoteBigBoard => "{}x{} 的棋盘从随机起点出发，使用这个启发函数时 A* 可能超出状态上限，IDA* 可能超过 10 秒的时间上限；模式数据库（pdb）大约一秒就能解出任何起点。",
        AlgoNoteDirectTower => "在 {} 根柱子上，直接求解只能把整座塔从一根柱子移到另一根（Frame-Stewart），而这里的起点或目标不是一座完整的塔：请选择 A*、IDA* 或 BFS。",
        AlgoNoteDirectCap => "有 {} 个圆盘时，解最多可有 2^{}-1 步：直接求解会给出它的长度，但只列出（并动画演示）前 {} 步。",
        AlgoNoteLowerBound => "这座塔有 {} 个局面，在 {} 根柱子上启发函数只是一个下界：{}可能会在 {} 个状态的上限处停止。直接求解无需搜索即可移动整座塔。",
        AlgoNoteMaxDisks => "搜索最多支持 {} 个圆盘：{} 个圆盘请选择直接求解。",
        MoveWordsTile => "方块 {} 向{}滑动",
        MoveWordsDisk => "圆盘 {}：柱 {} → {}",
        DirUp => "上",
        DirDown => "下",
        DirLeft => "左",
        DirRight => "右",
        HintedTile => "提示：移动方块 {}",
        HintedDisk => "提示：把柱 {} 顶部的圆盘移到柱 {}",
        // The search lab.
        CompareTitle => "算法比较",
        CompareTable => "比较结果，每种算法一行",
        CompareIntro => "在这个谜题上依次运行多种算法，每种算法都受下面的预算限制。",
        CompareButton => "比较",
        CompareButtonTitle => "用每个勾选的算法求解此谜题并比较各项数据",
        CancelPair => "跳过当前算法",
        CancelAll => "停止比较",
        CompareBudget => "每种算法的状态上限",
        CompareBudgetTitle => "当保存的状态达到此数目或运行满 {} 秒时，算法以“limit”停止",
        ComparePairs => "要运行的算法",
        ColAlgorithm => "算法",
        ColHeuristic => "启发函数",
        ColSteps => "步数",
        ColOperators => "操作序列",
        ColMaxOpen => "最大 OPEN 表",
        ColClosed => "CLOSED 表",
        ColExpanded => "扩展结点数",
        ColTime => "用时",
        ColOptimal => "最优",
        Yes => "是",
        No => "否",
        Waiting => "等待中",
        Running => "运行中…",
        Limit => "超出限制",
        Cancelled => "已取消",
        Failed => "出错",
        Unsolvable => "无解",
        ChartExpanded => "扩展结点数",
        ChartTime => "用时（毫秒）",
        LogScale => "对数刻度",
        CompareEmpty => "请至少勾选一种算法。",
        SierpinskiTitle => "状态图",
        SierpinskiCaption => {
            "3 根柱子上 {} 个圆盘的全部局面（{} 个状态）构成谢尔宾斯基三角形；三个角是整塔。"
        }
        SierpinskiExplored => "已扩展 {} 个状态，按扩展顺序着色：早的深，晚的浅",
        SierpinskiPath => "解路径：{} 个状态",
        SierpinskiUnexplored => "未扩展",
        SierpinskiHint => "求解后，将为搜索扩展过的状态着色并高亮其解路径。",
        ByDepth => "各深度的扩展结点数（平方根刻度）",
        ByBound => "IDA* 各 f 界限的扩展结点数（平方根刻度）",
        StepperTitle => "逐步查看搜索",
        StepperIntro => "一次扩展一个状态，观察 OPEN 表和 CLOSED 表的增长。",
        StepFirst => "第一步",
        SearchStepBack => "后退",
        SearchStepForward => "扩展下一个",
        StepLast => "最后一步",
        StepWhole => "完整搜索",
        StepStatus => "第 {} 步，共 {} 步：OPEN {} · CLOSED {}",
        StepCurrent => "正在扩展状态 {}：各圆盘所在柱 {}",
        StepGoal => "已到达目标状态：搜索结束。",
        StepBoard => "正在扩展状态 {}：棋盘如下",
        StepTruncated => "只记录了前 {} 次扩展：搜索在此之后仍在继续。",
        StepShows => "按{}的顺序。",
        StepDirectAsBfs => "直接求解不进行搜索：这里展示的是同一谜题上的广度优先搜索，以便比较。",
        StepIteration => "IDA* 第 {} 轮，共 {} 轮：一次深度优先搜索，只扩展 f = g + h ≤ {} 的状态。",
        StepCosts => "此状态：g = {}（从起点走了几步），h = {}（启发函数对剩余步数的估计）。",
        StepDepth => "此状态：g = {}（从起点走了几步）。",
        TruthTitle => "启发函数与真实距离对照",
        TruthIntro => "h* 是从某状态到目标的真实最少步数，由求解器算出。可采纳的启发函数从不超过它；一致的启发函数每走一步至多变化 1。",
        TruthOpen => "对照真实距离",
        TruthClose => "关闭",
        TruthMeasure => "测量",
        TruthMeasuring => "正在测量…",
        TruthFailed => "无法测量：{}",
        TruthLost => "测量请求丢失：{}",
        TruthByFormula => "h* 由三柱的精确公式（O(n)）算出，适用于任意起点和目标。",
        TruthByTable => "h* 取自全部 {} 个状态的距离表，该表由从目标出发的广度优先搜索填写。",
        TruthBySearch => "h* 由从每个位置出发的最优搜索（{}，使用{}）求得，总计 {} 秒；未能及时完成的位置记为未知。",
        TruthShowStart => "起点",
        TruthShowStep => "解的某一步",
        TruthShowStepper => "逐步查看中的状态",
        TruthStepOf => "第 {} 步之后（共 {} 步）",
        TruthNoSolution => "求解后可测量解路径上的每个位置；现在只测量起点。",
        TruthTooLong => "解有 {} 步：只测量起点（不超过 {} 步的解才逐步测量）。",
        TruthStepperNone => "请在下方逐步查看搜索：这里测量当前状态。",
        TruthStepperOnly => "逐步查看只用于小规模搜索（不超过 3x3 的棋盘、三柱且不超过 7 个圆盘的塔）。",
        TruthHeuristic => "启发函数",
        TruthTableLabel => "各启发函数与 h* 的对照",
        TruthF => "f = g + h",
        TruthAgainst => "与 h* 比较",
        TruthHStar => "h*（真实距离）",
        TruthUnknown => "未知：最优搜索未在限定时间内完成",
        TruthUnreachable => "无：从此状态无法到达目标",
        TruthEqual => "= h*",
        TruthBelow => "比 h* 少 {}",
        TruthOver => "高估了 {}",
        TruthNotJudged => "无法判断（h* 未知）",
        TruthChartTitle => "解的每一步上的 h（实线）、f = g + h（虚线）与 h*（黑线）",
        TruthChartLabel => "图表：解的每一步上的 h*，以及各启发函数的 h 与 f = g + h",
        TruthLegendOver => "高于 h*（不可采纳）",
        TruthLegendJump => "一步之内变化超过 1（不一致）",
        TruthAdmissibleYes => "{}：沿此路径从不高于 h*",
        TruthAdmissibleNo => "{}：在 {} 个位置（共 {} 个）高于 h*，因此不可采纳",
        TruthConsistentYes => "每步至多变化 1",
        TruthConsistentNo => "在 {} 步中（共 {} 步）变化超过 1，因此不一致",
        TruthVerdictLine => "{}；{}。",
        TruthUnjudged => "{}：此路径上的 h* 未知",
        TruthDominanceHolds => "沿此路径的每个位置，占优关系都成立：{}。",
        TruthNotBuilt => "{}：尚未测量。此棋盘的表由第一次使用它们的求解构建（这里默认使用它们的 IDA*）；求解之后请再测量一次。",
        TruthDominanceBroken => "占优关系在第 {} 步之后不成立：{} 低于 {}。",
        TruthSeedOver => "种子文章的启发函数在此解上有 {} 个位置高估（图中红圈）。",
        TruthRaceIntro => "种子文章的启发函数 2^(k+1) − 1 会高估，因此使用它的 A* 可能返回比最短路径更长的路径。",
        TruthRaceRun => "用它和一个可采纳的启发函数分别运行 A*",
        TruthRaceRunning => "使用{}的 A*：运行中…",
        TruthRaceLeg => "使用{}的 A*：{} 步，扩展了 {} 个状态",
        TruthRaceStopped => "使用{}的 A*：{}",
        TruthRaceLonger => "不是最短路径：用了 {} 步，而 {} 步就够了。",
        TruthRaceSame => "在这里，使用种子启发函数的 A* 仍然找到了最短路径（{} 步）。",
        TruthRacePath => "它返回的路径",
        Export => "导出",
        ExportTitle => "下载这次求解（JSON、CSV）或谜题的图片（SVG、PNG）",
        ExportRunJson => "求解结果（JSON，与命令行格式相同）",
        ExportRunCsv => "求解结果（CSV：统计、步骤、各深度的节点数）",
        ExportNoRun => "请先求解：还没有可以导出的结果。",
        ExportPicture => "谜题图片：",
        ExportImageLabel => "将“{}”下载为 {}",
        ExportCompareCsv => "表格导出为 CSV",
        ExportFailed => "导出失败：{}。请重试，或换一种格式。",
        EmbedCode => "复制嵌入代码",
        EmbedCodeTitle => "复制一段 <iframe> 代码，在其他网页上展示这次求解（停在当前这一步）",
        NoticeEmbedCopied => "嵌入代码已复制到剪贴板：把它粘贴到你网页的 HTML 中。",
        NoticeEmbedByHand => "无法复制嵌入代码（{}）：请从下面的文本框中手动复制。",
        EmbedOpenFull => "在解谜实验室中打开 ↗",
        EmbedOpenFullTitle => "在新标签页中用完整应用打开这次求解",
        NoticeBadAt => "链接中的步数 'at={}' 不是整数：从起点开始展示。",
        NoticeBadEmbed => "链接中的 'embed={}' 既不是 1 也不是 0：显示完整页面。",
        NoticeBadDepth => "链接中的深度上限 'depth={}' 不是 1 到 200 之间的整数：深度优先搜索使用默认深度。",
        NoticeAtBeyond => "链接要求停在第 {} 步，但找到的解只有 {} 步：显示在终点。",
        TreeTitle => "搜索树",
        TreeIntro => "搜索生成的每个节点（到步进器当前步为止）：节点中的数字是 f = g + h（无启发函数的搜索只显示 g）。点击节点可让步进器跳到该节点；拖动可平移。",
        TreeTooLarge => "本次运行扩展了 {} 个状态：搜索树只为扩展次数不超过 {} 的运行绘制。请换一个离目标更近的起点或更强的启发函数。",
        TreeCounts => "生成 {} 个节点 · 扩展 {} 个 · 重复 {} 个 · 剪枝 {} 个",
        TreeSides => "左边：从起点出发的搜索；右边：从目标出发的搜索（g 从目标算起）。",
        TreeIterations => "IDA* 各轮：",
        TreeIteration => "{}：f ≤ {}",
        TreeZoom => "缩放",
        TreeZoomIn => "放大",
        TreeZoomOut => "缩小",
        TreeZoomReset => "原始大小",
        TreeKeys => "搜索树：左右方向键逐步前后，上键到父节点，下键到第一个被扩展的子节点，+ 和 - 缩放，0 复原缩放。",
        TreeLegend => "图例",
        TreeLegendClosed => "已扩展（CLOSED）",
        TreeLegendCurrent => "本步扩展",
        TreeLegendOpen => "等待中（OPEN）",
        TreeLegendDuplicate => "重复，已丢弃",
        TreeLegendPruned => "被界限剪枝",
        TreeLegendPath => "解路径",
        NodeRoot => "搜索的起点",
        NodeNew => "新节点",
        NodeImproved => "经更短路径再次到达",
        NodeDuplicateClosed => "与已扩展状态重复",
        NodeDuplicateOpen => "与 OPEN 中的状态重复",
        NodePruned => "被界限剪枝",
        NodeCosts => "节点 {}：g = {}，h = {}，f = {}（{}）",
        NodeDepth => "节点 {}：g = {}（{}）",
        NodeExpandedAt => "；在第 {} 步被扩展",
        ExerciseTitle => "预测下一次扩展",
        ExerciseIntro => "从 OPEN 中选出算法下一步要扩展的节点；以真实运行为准。",
        ExerciseCovers => "本练习适用于广度优先、深度优先、A* 和贪心搜索：请选择其中之一再求解。",
        ExerciseStart => "开始练习",
        ExerciseStop => "结束练习",
        ExerciseScore => "得分：{} / {}",
        ExercisePrompt => "第 {} 步：{}下一步扩展哪个节点？在树中点击它，或在下面选择。",
        ExerciseOpen => "OPEN 中有 {} 个节点：",
        ExerciseOpenOne => "OPEN 中有 1 个节点：",
        ExerciseDone => "搜索已结束：后退一步再试。",
        ExerciseRight => "正确：第 {} 步，{}扩展节点 {}。",
        ExerciseWrong => "不是节点 {}：第 {} 步，{}扩展节点 {}。",
        ExerciseTie => "OPEN 中有 {} 个节点的 {} 相同：引擎{}打破平局。",
        ExerciseSkipped => "在此之前，深度优先搜索从栈中取出 {} 个等待节点并丢弃：它们此前已在不更深的深度到达过，或位于深度界限。",
        RuleFifo => "广度优先搜索扩展 OPEN 中最早进入的节点：先进先出。",
        RuleDepthFirst => "深度优先搜索扩展路径上最深状态的第一个等待子节点（按走法顺序）：按层后进先出，并跳过此前已在不更深的深度到达过的子节点。",
        RuleLowestF => "A* 扩展 f = g + h 最小的节点；f 相同时取 g 较大者（更深的节点），再相同则取最新的。",
        RuleLowestH => "贪心搜索扩展 h 最小的节点；h 相同时取 g 较大者，再相同则取最新的。",
        TieLargerG => "按 g 较大者",
        TieNewest => "按取最新节点（g 也相同）",
        TieEngineOrder => "按其内部顺序",
        Lessons => "课程",
        LessonsTitle => "课程：一次讲清一个搜索概念",
        LessonsContents => "目录",
        LessonsInThisLesson => "本课内容",
        LessonsBackToLab => "打开实验室",
        LearnLink => "了解这里显示的内容 ↗",
        LessonSectionLink => "本节链接",
        LessonSectionEmbed => "嵌入本节",
        LessonOpenInLab => "在实验室中打开",
        LessonOpenInLabTitle => "用完整的应用打开这道题和这个算法",
        LessonComputing => "计算中…",
        LessonCheck => "检查",
        LessonScore => "得分：{} / {}",
        LessonRight => "答对了。",
        LessonWrong => "不对。",
    }
}

/// Keys whose text is rightly the same in both languages (technical names such as "OPEN"), exempt from the
/// untranslated-text test.
pub const SAME_IN_BOTH: &[Msg] = &[Msg::AlgAstar, Msg::AlgIdastar, Msg::TruthF, Msg::TruthEqual];

/// Whether `text` holds an English sentence: a run of three or more Latin words in a row (words of letters,
/// joined by spaces and the punctuation inside an English sentence). Names the Chinese tables keep as they are
/// (an algorithm's "A*", a person's "Frame-Stewart", a code such as "2^n") are one or two words long.
#[cfg(test)]
pub(crate) fn english_sentence(text: &str) -> bool {
    let (mut run, mut word) = (0, false);
    for c in text.chars() {
        if c.is_ascii_alphabetic() || (word && "'*-^".contains(c)) {
            if !word {
                run += 1;
                if run >= 3 {
                    return true;
                }
            }
            word = true;
        } else {
            word = false;
            // Spaces, ASCII punctuation and numbers sit inside an English sentence; anything else (a Chinese
            // character, Chinese punctuation) ends the run.
            if !(c.is_ascii() || c.is_whitespace()) {
                run = 0;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_has_text_in_every_language_with_the_same_slots() {
        for &key in Msg::ALL {
            let slots = Lang::En.t(key).matches("{}").count();
            for lang in Lang::ALL {
                let text = lang.t(key);
                assert!(!text.trim().is_empty(), "{key:?} is empty in {lang:?}");
                assert_eq!(
                    text.matches("{}").count(),
                    slots,
                    "{key:?} in {lang:?} has other slots than English"
                );
            }
        }
    }

    #[test]
    fn chinese_is_not_a_copy_of_english() {
        let same: Vec<_> = Msg::ALL
            .iter()
            .filter(|&&k| Lang::En.t(k) == Lang::Zh.t(k) && !SAME_IN_BOTH.contains(&k))
            .collect();
        assert!(same.is_empty(), "untranslated keys: {same:?}");
    }

    #[test]
    fn fill_puts_arguments_in_order_and_tolerates_missing_ones() {
        assert_eq!(fill("a {} b {} c", &[&1, &"x"]), "a 1 b x c");
        assert_eq!(fill("{} left", &[]), " left");
        assert_eq!(Lang::Zh.fill(Msg::MovesLeft, &[&19]), "还剩 19 步");
    }

    #[test]
    fn texts_render_their_arguments_in_the_language_asked() {
        let text = Text::new(Msg::NoteAlgorithmNotApplicable)
            .arg(Algorithm::Direct)
            .arg(Msg::KindSliding)
            .arg(Algorithm::Astar);
        assert_eq!(
            text.render(Lang::En),
            "Direct does not apply to a sliding puzzle; using A*."
        );
        assert_eq!(text.render(Lang::Zh), "直接求解不适用于滑块拼图；改用A*。");
        // A nested reason is rendered in the same language; verbatim text stays as it is.
        let hint = Text::new(Msg::HintUnavailable)
            .arg(Text::new(Msg::HintCrashed).arg(Arg::detail("oom")));
        assert_eq!(
            hint.render(Lang::En),
            "No hint: the solver stopped unexpectedly (oom)"
        );
        assert_eq!(hint.render(Lang::Zh), "无法提示：求解器意外停止");
    }

    /// A Chinese character between two Latin words ends a run of them; a number does not.
    #[test]
    fn an_english_sentence_is_three_latin_words_in_a_row() {
        assert!(english_sentence("stopped at the time limit"));
        assert!(english_sentence("求解器报告（英文）：solved in 12 moves"));
        assert!(!english_sentence("加权 A* 以解的长度换取速度"));
        assert!(!english_sentence("Frame-Stewart 算法，2^n − 1 步"));
        assert!(!english_sentence("曼哈顿距离 + 线性冲突"));
        assert!(!english_sentence(
            "应为 sliding（滑块拼图）或 hanoi（汉诺塔）"
        ));
    }

    /// Every clause of every kind the solver says, and every note of the worker, in both languages: all slots
    /// filled, and no English sentence in the Chinese.
    #[test]
    fn everything_the_solver_and_worker_say_reads_in_both_languages() {
        let mut texts: Vec<(String, Text)> = solver::report::Said::examples()
            .iter()
            .map(|s| (format!("{s:?}"), Text::said(s)))
            .collect();
        texts.extend(
            solver::report::Note::examples()
                .iter()
                .map(|n| (format!("{n:?}"), Text::note(n))),
        );
        texts.extend(
            [
                TruthError::PathTooLong { moves: 1200 },
                TruthError::Replay {
                    index: 3,
                    why: "peg 2 is empty".into(),
                },
                TruthError::TooManyDisks { disks: 20 },
                TruthError::Puzzle("the start board is not valid".into()),
            ]
            .iter()
            .map(|e| (format!("{e:?}"), Text::truth_error(e))),
        );
        assert!(texts.len() >= solver::report::Said::KINDS + solver::report::Note::KINDS);
        for (what, text) in &texts {
            let en = text.render(Lang::En);
            let zh = text.render(Lang::Zh);
            for (lang, words) in [("en", &en), ("zh", &zh)] {
                assert!(
                    !words.contains("{}") && !words.trim().is_empty(),
                    "{what} in {lang}: {words}"
                );
            }
            assert!(
                !english_sentence(&zh),
                "{what} has English in Chinese: {zh}"
            );
            assert_ne!(en, zh, "{what}");
        }
    }

    /// Every way a link's query can be refused, read in both languages (one example of each variant, which the
    /// match in `Text::query_error` keeps complete).
    #[test]
    fn a_bad_link_is_explained_in_both_languages() {
        let links = [
            "",
            "https://example.com/lab",
            "puzzle=sliding&size=3x3&start=%zz",
            "puzzle=sliding&puzzle=hanoi",
            "puzzle=sliding&size=",
            "size=3x3",
            "puzzle=cube",
            "puzzle=sliding&size=3x3&pegs=3&start=1,2,3,4,5,6,7,8,0",
            "puzzle=sliding&size=3by3&start=1",
            "puzzle=sliding&size=9x9&start=1",
            "puzzle=hanoi&pegs=three&disks=3&start=0,0,0",
            "puzzle=hanoi&pegs=9&disks=3&start=0,0,0",
            "puzzle=hanoi&pegs=3&disks=99&start=0",
            "puzzle=sliding&size=2x2&start=1,x,3,0",
            "puzzle=sliding&size=2x2&start=1,2,0",
            "puzzle=hanoi&pegs=3&disks=3&start=0,0",
            "puzzle=sliding&size=2x2&start=1,2,9,0",
            "puzzle=sliding&size=2x2&start=1,1,3,0",
            "puzzle=hanoi&pegs=3&disks=2&start=0,7",
            "puzzle=sliding&size=2x2&start=1,2,3,0&algo=magic",
            "puzzle=sliding&size=2x2&start=1,2,3,0&heuristic=magic",
            "puzzle=sliding&size=2x2&start=1,2,3,0&heuristic=seed-power",
            "puzzle=sliding&size=2x2&start=1,2,3,0&algo=weighted&weight=99",
            "puzzle=sliding&size=2x2&start=1,2,3,0&algo=bfs&weight=2",
        ];
        let mut kinds = std::collections::HashSet::new();
        for link in links {
            let Err(error) = solver::query::parse(link) else {
                panic!("{link} was read");
            };
            kinds.insert(std::mem::discriminant(&error));
            let text = Text::query_error(&error);
            let zh = text.render(Lang::Zh);
            assert!(!english_sentence(&zh), "{link}: {zh}");
            assert!(!text.render(Lang::En).contains("{}"), "{link}");
            let unread = Text::said(&solver::report::Said::Unreadable { query: link.into() });
            assert!(!english_sentence(&unread.render(Lang::Zh)), "{link}");
        }
        assert!(
            kinds.len() >= 20,
            "only {} kinds of refusal met",
            kinds.len()
        );
    }

    #[test]
    fn codes_round_trip_and_accept_regional_tags() {
        for lang in Lang::ALL {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
        }
        assert_eq!(Lang::from_code("zh-CN"), Some(Lang::Zh));
        assert_eq!(Lang::from_code("EN_us"), Some(Lang::En));
        assert_eq!(Lang::from_code("fr"), None);
        assert_eq!(Lang::from_code(""), None);
    }
}
