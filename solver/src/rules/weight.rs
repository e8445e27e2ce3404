//! The weight w of weighted A* (f = g + w*h), a query's value: its range, how it is read and printed, and why one
//! is refused. The search that uses it is `search::weighted`.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The weights of f = g_weight * g + h_weight * h.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    pub g: u32,
    pub h: u32,
}

impl Weights {
    pub const ASTAR: Weights = Weights { g: 1, h: 1 };
    pub const GREEDY: Weights = Weights { g: 0, h: 1 };
}

/// The weight w of weighted A*: an exact decimal from 1 to 10 with at most two decimals, held in
/// hundredths so that f = g + w*h is computed in integers, with no rounding to blur the bound.
///
/// ```
/// use solver::search::weighted::Weight;
/// use solver::search::astar::Weights;
/// let w: Weight = "1.5".parse().unwrap();
/// assert_eq!(w.weights(), Weights { g: 2, h: 3 });
/// assert_eq!(w.to_string(), "1.5");
/// assert_eq!("2.50".parse::<Weight>().unwrap().to_string(), "2.5");
/// assert!("0.5".parse::<Weight>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Weight {
    hundredths: u16,
}

impl Weight {
    /// w = 1: plain A*.
    pub const MIN: Weight = Weight { hundredths: 100 };
    /// w = 10: little better than greedy search.
    pub const MAX: Weight = Weight { hundredths: 1000 };
    /// The weight used when a query names none: 2.5, the smallest of those measured that keeps
    /// 5x5 boards well inside the browser's 2 s. With linear conflict on the 50 Korf-Felner
    /// 24-puzzle instances (the `korf24` command) it expands at most about 150,000 states (about
    /// 0.1 s natively, 0.2 s in wasm) for solutions 1.50 x the shortest on average and 1.67 x at
    /// worst. w = 2.25 expands up to 600,000 (0.5 s, 1.1 s in wasm) and w = 2 up to 3.2 million
    /// (3.4 s, 512 MiB) on some of them.
    pub const DEFAULT: Weight = Weight { hundredths: 250 };

    /// The weight of `hundredths` / 100, if it lies in 1..=10.
    pub fn from_hundredths(hundredths: u16) -> Option<Weight> {
        (Self::MIN.hundredths..=Self::MAX.hundredths)
            .contains(&hundredths)
            .then_some(Weight { hundredths })
    }

    /// w x 100.
    pub fn hundredths(self) -> u16 {
        self.hundredths
    }

    /// w as a float, for display and ratios only (the search itself never rounds).
    pub fn as_f64(self) -> f64 {
        f64::from(self.hundredths) / 100.0
    }

    /// f = g + w*h scaled to integers: the fraction hundredths/100 in lowest terms, so that
    /// w = 1.5 gives f = 2g + 3h.
    pub fn weights(self) -> Weights {
        let divisor = gcd(u32::from(self.hundredths), 100);
        Weights {
            g: 100 / divisor,
            h: u32::from(self.hundredths) / divisor,
        }
    }

    /// Whether `length` is within w times `shortest`, computed exactly.
    pub fn bounds(self, length: u64, shortest: u64) -> bool {
        u128::from(length) * 100 <= u128::from(shortest) * u128::from(self.hundredths)
    }
}

fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Default for Weight {
    fn default() -> Self {
        Weight::DEFAULT
    }
}

/// The shortest decimal: `2`, `1.5`, `1.25`.
impl fmt::Display for Weight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, part) = (self.hundredths / 100, self.hundredths % 100);
        match part {
            0 => write!(f, "{whole}"),
            p if p % 10 == 0 => write!(f, "{whole}.{}", p / 10),
            p => write!(f, "{whole}.{p:02}"),
        }
    }
}

/// Why a weight was refused; the text is kept as given (messages shorten a very long one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WeightError {
    /// Not digits with at most one decimal point (`abc`, `-1`, `1e1`, `1.`).
    NotADecimal(String),
    /// A decimal with more than two digits after the point (other than trailing zeros).
    TooPrecise(String),
    /// A number outside 1..=10.
    OutOfRange(String),
}

impl fmt::Display for WeightError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightError::NotADecimal(text) => write!(
                f,
                "weight '{}' is not a decimal number: write it like 2 or 1.5 (from 1 to 10)",
                shown(text)
            ),
            WeightError::TooPrecise(text) => write!(
                f,
                "weight '{}' has more than two decimals: round it, for example to 1.25",
                shown(text)
            ),
            WeightError::OutOfRange(text) => write!(
                f,
                "weight {} is out of range: use 1 to 10 (1 is plain A*; a larger weight is faster but \
                 its solutions may be longer, up to weight x the shortest)",
                shown(text)
            ),
        }
    }
}

impl std::error::Error for WeightError {}

/// At most 40 characters of input in a message.
fn shown(text: &str) -> String {
    let mut out: String = text.chars().take(40).collect();
    if text.chars().nth(40).is_some() {
        out.push_str("...");
    }
    out.escape_debug().to_string()
}

impl FromStr for Weight {
    type Err = WeightError;

    /// Reads `2`, `2.0`, `1.5`, `1.25` (surrounding spaces ignored).
    fn from_str(text: &str) -> Result<Weight, WeightError> {
        let trimmed = text.trim();
        let not_decimal = || WeightError::NotADecimal(text.to_string());
        let (whole, part) = trimmed.split_once('.').unwrap_or((trimmed, "0"));
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(whole) || !digits(part) {
            return Err(not_decimal());
        }
        let part = part.trim_end_matches('0');
        if part.len() > 2 {
            return Err(WeightError::TooPrecise(text.to_string()));
        }
        // Leading zeros are harmless; a whole part past four digits is out of range anyway.
        let whole = whole.trim_start_matches('0');
        if whole.len() > 4 {
            return Err(WeightError::OutOfRange(text.to_string()));
        }
        let value = |digits: &str| {
            digits
                .bytes()
                .fold(0u32, |n, b| n * 10 + u32::from(b - b'0'))
        };
        // The fraction's digits are tenths then hundredths: "5" is 50 hundredths.
        let hundredths = value(whole) * 100 + value(part) * if part.len() == 1 { 10 } else { 1 };
        u16::try_from(hundredths)
            .ok()
            .and_then(Weight::from_hundredths)
            .ok_or_else(|| WeightError::OutOfRange(text.to_string()))
    }
}
