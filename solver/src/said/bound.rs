//! A proven lower bound read against an answer's length: the one percentage the CLI's words and the page's
//! share, so that a bound is never said two ways.

/// What a proven lower bound on the shortest says of an answer of some length ([`bound_excess`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoundExcess {
    /// The length meets the bound: a shortest answer.
    Shortest,
    /// A bound of 0 below a longer answer: it bounds nothing.
    NoBound,
    /// At most this many percent longer than the shortest, rounded up to a whole percent.
    AtMost(u64),
}

/// How much longer than the shortest an answer of `length` moves can be, given a proven `lower_bound` on the
/// shortest: the excess over the bound as a whole percentage, rounded up (1/3 is 34%), so that the figure said is
/// never below the truth.
///
/// ```
/// use solver::said::{bound_excess, BoundExcess};
/// assert_eq!(bound_excess(31, 31), BoundExcess::Shortest);
/// assert_eq!(bound_excess(150, 100), BoundExcess::AtMost(50));
/// assert_eq!(bound_excess(4, 3), BoundExcess::AtMost(34));
/// assert_eq!(bound_excess(12, 0), BoundExcess::NoBound);
/// ```
pub fn bound_excess(length: u64, lower_bound: u64) -> BoundExcess {
    if length <= lower_bound {
        return BoundExcess::Shortest;
    }
    if lower_bound == 0 {
        return BoundExcess::NoBound;
    }
    let excess = u128::from(length - lower_bound) * 100;
    let percent = excess.div_ceil(u128::from(lower_bound));
    BoundExcess::AtMost(u64::try_from(percent).unwrap_or(u64::MAX))
}

/// The bound in the CLI's words ([`bound_excess`] said in English).
pub fn bound_words(length: u64, lower_bound: u64) -> String {
    match bound_excess(length, lower_bound) {
        BoundExcess::Shortest => "this is a shortest solution".to_string(),
        BoundExcess::NoBound => format!("no lower bound above 0 is known (length {length})"),
        BoundExcess::AtMost(percent) => format!(
            "at most {percent}% longer than the shortest (length {length}, lower bound {lower_bound})"
        ),
    }
}

/// How much longer than `lower_bound` an answer of `length` moves is, in percent (the near-optimal search's
/// figure, given to a tenth).
pub fn near_optimal_percent(length: u64, lower_bound: u64) -> f64 {
    (length as f64 / lower_bound.max(1) as f64 - 1.0) * 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bound_words_round_up_and_name_both_numbers() {
        assert_eq!(bound_words(0, 0), "this is a shortest solution");
        assert_eq!(
            bound_words(150, 100),
            "at most 50% longer than the shortest (length 150, lower bound 100)"
        );
        // 1/3 = 33.3...% is said as 34%.
        assert_eq!(
            bound_words(4, 3),
            "at most 34% longer than the shortest (length 4, lower bound 3)"
        );
    }

    #[test]
    fn a_bound_of_zero_bounds_nothing() {
        assert_eq!(bound_excess(0, 0), BoundExcess::Shortest);
        assert_eq!(bound_excess(7, 0), BoundExcess::NoBound);
        assert_eq!(
            bound_words(7, 0),
            "no lower bound above 0 is known (length 7)"
        );
        assert_eq!(bound_excess(1, 1), BoundExcess::Shortest);
        assert_eq!(bound_excess(2, 1), BoundExcess::AtMost(100));
        assert_eq!(bound_excess(u64::MAX, 1), BoundExcess::AtMost(u64::MAX));
    }
}
