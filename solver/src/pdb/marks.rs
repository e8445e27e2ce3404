//! The 2-bit marks of the table builders' states: a builder keeps no list of a level's states, only a mark per
//! (placement, region) that says whether the state is unreached, expanded, or in one of the two levels in play,
//! and expands a level by scanning the marks for its own.

/// A state's 2-bit mark in a builder's marks: not reached yet.
pub(super) const UNSEEN: u16 = 0;
/// A state's mark once expanded.
pub(super) const EXPANDED: u16 = 1;

/// The marks of the states at `depth` (to expand) and at `depth + 1` (found): 2 and 3 by turns,
/// so the states found by one level are the next level's without relabelling.
pub(super) fn level_marks(depth: u8) -> (u16, u16) {
    let current = 2 + (depth & 1) as u16;
    (current, current ^ 1)
}

/// The low bit of each 2-bit lane of `word` that holds the mark whose copy fills every lane of
/// `pattern`: the xor zeroes those lanes.
#[inline(always)]
pub(super) fn lanes_marked(word: u64, pattern: u64) -> u64 {
    let x = word ^ pattern;
    !(x | x >> 1) & 0x5555_5555_5555_5555
}

/// The first placement from `from` on with a lane marked as every lane of `pattern` is, or
/// `marks.len()`: four placements at a time, since most have none.
#[inline(always)]
pub(super) fn next_marked(marks: &[u16], from: usize, pattern: u16) -> usize {
    let wide = pattern as u64 * 0x0001_0001_0001_0001;
    let mut r = from;
    for four in marks[from..].chunks_exact(4) {
        let word = four[0] as u64
            | (four[1] as u64) << 16
            | (four[2] as u64) << 32
            | (four[3] as u64) << 48;
        let lanes = lanes_marked(word, wide);
        if lanes != 0 {
            return r + lanes.trailing_zeros() as usize / 16;
        }
        r += 4;
    }
    while r < marks.len() {
        if lanes_marked(marks[r] as u64, wide) & 0xFFFF != 0 {
            return r;
        }
        r += 1;
    }
    r
}
