//! Numbers for people: thousands separators, durations, byte sizes and very large counts.

pub use solver::numbers::{bytes, count};

/// A count that may be astronomically large (a state-space size): exact with separators up to a
/// billion, then in scientific notation, `"1.0 × 10^13"`.
pub fn big_count(n: f64) -> String {
    if !n.is_finite() {
        return "too many to count".to_string();
    }
    if n < 1e9 {
        return count(n.round() as u64);
    }
    let exponent = n.log10().floor();
    let mantissa = n / 10f64.powf(exponent);
    format!("{mantissa:.1} × 10^{exponent}")
}

/// Milliseconds, with precision where it matters: `"0.42 ms"`, `"12.3 ms"`, `"4.56 s"`.
pub fn duration_ms(ms: f64) -> String {
    if !ms.is_finite() || ms < 0.0 {
        "-".to_string()
    } else if ms < 10.0 {
        format!("{ms:.2} ms")
    } else if ms < 1000.0 {
        format!("{ms:.1} ms")
    } else {
        format!("{:.2} s", ms / 1000.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_get_separators() {
        assert_eq!(count(0), "0");
        assert_eq!(count(999), "999");
        assert_eq!(count(1000), "1,000");
        assert_eq!(count(181_440), "181,440");
        assert_eq!(count(20_000_000), "20,000,000");
        assert_eq!(count(u64::MAX), "18,446,744,073,709,551,615");
    }

    #[test]
    fn big_counts_switch_to_powers_of_ten() {
        assert_eq!(big_count(181_440.0), "181,440");
        assert_eq!(big_count(10_461_394_944_000.0), "1.0 × 10^13");
        assert_eq!(big_count(f64::INFINITY), "too many to count");
    }

    #[test]
    fn durations_and_bytes_read_well() {
        assert_eq!(duration_ms(0.4242), "0.42 ms");
        assert_eq!(duration_ms(12.34), "12.3 ms");
        assert_eq!(duration_ms(4560.0), "4.56 s");
        assert_eq!(duration_ms(f64::NAN), "-");
        assert_eq!(bytes(512), "512 B");
        assert_eq!(bytes(3 * 1024 + 400), "3.4 KiB");
        assert_eq!(bytes(120 << 20), "120.0 MiB");
    }
}
