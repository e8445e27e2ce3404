//! The UI's words in English and Simplified Chinese, one file per concern: the solver's vocabulary (`said.rs`,
//! `names.rs`), failures (`failures.rs`, `bad_link.rs`), the controls (`controls.rs`) and each panel. A concern is
//! an enum of keys with its `en` and `zh` tables beside it; [`Msg`] is a key of any concern.
//!
//! Components never hard-code text: they read the page's [`Lang`] with [`use_lang`] and look words up with
//! [`Lang::t`] (fixed text) or [`Lang::fill`] (text with `{}` slots, filled in order), given a concern's key such
//! as `Play::Hint`. Both tables of a concern match every one of its keys, so a new key fails to compile until it
//! has a translation in each language.
//! The reducer never builds sentences: its notices, warnings and failures are [`Text`]s (a key and arguments) that
//! the components render in the page's language, so a language switch changes them in place.
//! Option *values* stay the CLI names; only their visible text is translated.

mod answer;
mod bad_link;
mod comparison;
mod controls;
mod failures;
mod heuristics;
mod names;
mod page;
mod play;
mod said;
mod sharing;
mod solving;
mod stepper;
#[cfg(test)]
mod tests;
mod tree;

pub use answer::Answer;
pub use bad_link::BadLink;
pub use comparison::Comparison;
pub use controls::Controls;
pub use failures::Failed;
pub use heuristics::Heuristics;
pub use names::Name;
pub use page::Page;
pub use play::Play;
pub use said::Solver;
pub use sharing::Sharing;
pub use solving::Solving;
pub use stepper::Stepper;
pub use tree::Tree;

use solver::{Algorithm, HeuristicName};
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
    pub fn t(self, key: impl Into<Msg>) -> &'static str {
        let key = key.into();
        match self {
            Lang::En => key.en(),
            Lang::Zh => key.zh(),
        }
    }

    /// The text of `key` with each `{}` replaced by the next of `args` (missing arguments leave the slot empty).
    pub fn fill(self, key: impl Into<Msg>, args: &[&dyn Display]) -> String {
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
    pub fn new(key: impl Into<Msg>) -> Text {
        Text {
            key: key.into(),
            args: Vec::new(),
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

/// Declares one concern's keys: the enum and the list of its keys that [`Msg::ALL`] is built from. The concern's
/// file then matches every key in its `en` and `zh`.
macro_rules! words {
    ($(#[$doc:meta])* $concern:ident { $($(#[$key_doc:meta])* $key:ident),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $concern {
            $($(#[$key_doc])* $key),*
        }

        impl $concern {
            /// Every key of the concern, for tests that check both tables.
            pub const ALL: &'static [$concern] = &[$($concern::$key),*];
        }
    };
}
use words;

/// Declares [`Msg`] over the concerns, and lets a concern's key stand wherever a [`Msg`], an [`Arg`] or a [`Text`]
/// is taken. A concern left out of the list cannot be looked up, so none can be forgotten unnoticed.
macro_rules! concerns {
    ($first:ident $(, $concern:ident)* $(,)?) => {
        concerns!(@msg $first; $first $(, $concern)*);
    };
    // A const array needs a value in each slot before the loops write them all: `$first`'s first key.
    (@msg $first:ident; $($concern:ident),+) => {
        /// A piece of UI text: a key of one concern. Its translations are in the concern's `en` and `zh`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Msg {
            $($concern($concern)),+
        }

        impl Msg {
            /// Every key of every concern, for tests that check both tables.
            pub const ALL: &'static [Msg] = &{
                let mut all = [Msg::$first($first::ALL[0]); 0 $(+ $concern::ALL.len())+];
                let mut i = 0;
                $(
                    let mut j = 0;
                    while j < $concern::ALL.len() {
                        all[i] = Msg::$concern($concern::ALL[j]);
                        i += 1;
                        j += 1;
                    }
                )+
                all
            };

            fn en(self) -> &'static str {
                match self {
                    $(Msg::$concern(key) => key.en()),+
                }
            }

            fn zh(self) -> &'static str {
                match self {
                    $(Msg::$concern(key) => key.zh()),+
                }
            }
        }

        $(
            impl From<$concern> for Msg {
                fn from(key: $concern) -> Msg {
                    Msg::$concern(key)
                }
            }

            impl From<$concern> for Arg {
                fn from(key: $concern) -> Arg {
                    Arg::Msg(key.into())
                }
            }

            impl From<$concern> for Text {
                fn from(key: $concern) -> Text {
                    Text::new(key)
                }
            }
        )+
    };
}

// In the order the page shows them, the solver's own words last.
concerns! {
    Page,
    Controls,
    Play,
    Solving,
    Answer,
    Comparison,
    Stepper,
    Tree,
    Heuristics,
    Sharing,
    Name,
    Solver,
    Failed,
    BadLink,
}

/// Keys whose text is rightly the same in both languages (technical names such as "OPEN"), exempt from the
/// untranslated-text test.
pub const SAME_IN_BOTH: &[Msg] = &[
    Msg::Name(Name::Astar),
    Msg::Name(Name::Idastar),
    Msg::Heuristics(Heuristics::F),
    Msg::Heuristics(Heuristics::Equal),
];

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
