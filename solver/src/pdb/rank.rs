//! Perfect ranks of partial permutations: the positions of k distinct tiles on n cells, to 0..n!/(n-k)!.

/// The number of ways to place `k` distinct tiles on `n` cells: n!/(n-k)!, or `None` on overflow.
pub fn placements(n: usize, k: usize) -> Option<usize> {
    if k > n {
        return Some(0);
    }
    (n - k + 1..=n).try_fold(1usize, |acc, f| acc.checked_mul(f))
}

/// The rank of `positions` (distinct cells below `n`): a mixed-radix number whose i-th digit is the
/// i-th position minus the number of earlier positions below it (a Lehmer code), with radices
/// n, n-1, ..., n-k+1. It is a bijection onto `0..placements(n, k)`.
#[inline]
pub fn rank(n: usize, positions: &[u8]) -> usize {
    let mut used = 0u32;
    let mut r = 0usize;
    for (i, &p) in positions.iter().enumerate() {
        let below = (used & ((1u32 << p) - 1)).count_ones() as usize;
        r = r * (n - i) + (p as usize - below);
        used |= 1 << p;
    }
    r
}

/// The inverse of [`rank`]: writes the `k = out.len()` positions of rank `r` into `out`.
pub fn unrank(n: usize, mut r: usize, out: &mut [u8]) {
    let k = out.len();
    // Digits come out least significant first.
    let mut digits = [0usize; 32];
    for i in (0..k).rev() {
        let radix = n - i;
        digits[i] = r % radix;
        r /= radix;
    }
    let mut used = 0u32;
    for i in 0..k {
        out[i] = nth_free(used, digits[i] as u32);
        used |= 1 << out[i];
    }
}

/// The `d`-th cell (from 0) not in `occupied`.
#[inline(always)]
pub(crate) fn nth_free(occupied: u32, d: u32) -> u8 {
    let mut free = !occupied;
    for _ in 0..d {
        free &= free - 1;
    }
    free.trailing_zeros() as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        assert_eq!(placements(16, 6), Some(5_765_760));
        assert_eq!(placements(16, 3), Some(3360));
        assert_eq!(placements(9, 9), Some(362_880));
        assert_eq!(placements(4, 0), Some(1));
    }

    #[test]
    fn rank_is_a_bijection_and_unrank_inverts_it() {
        for (n, k) in [(6, 3), (5, 5), (9, 2), (16, 2)] {
            let count = placements(n, k).unwrap_or(0);
            let mut hit = vec![false; count];
            let mut pos = vec![0u8; k];
            for r in 0..count {
                unrank(n, r, &mut pos);
                let mut mask = 0u32;
                for &p in &pos {
                    assert!((p as usize) < n);
                    assert_eq!(mask & 1 << p, 0, "distinct positions");
                    mask |= 1 << p;
                }
                let back = rank(n, &pos);
                assert_eq!(back, r);
                assert!(!hit[back]);
                hit[back] = true;
            }
            assert!(hit.iter().all(|&h| h));
        }
    }
}
