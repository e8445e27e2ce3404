//! Buffers for large tables, backed by transparent huge pages where Linux offers them (native only).
//!
//! The 7-8 tables are read at random, one entry per lookup, over 577 MB: with 4 KiB pages nearly every lookup
//! also misses the TLB and walks the page tables; with 2 MiB pages the whole table needs a few hundred TLB
//! entries. Linux gives huge pages to a mapping that asks for them (`madvise(MADV_HUGEPAGE)`) before it is
//! touched, when its setting is `madvise` or `always`; elsewhere the advice is ignored and nothing changes.

//!
//! Getting them costs, though: on a busy machine the kernel may compact memory to find 2 MiB blocks, and reading
//! the 577 MB can take several times as long as into 4 KiB pages. So tables read from disk get them only in a
//! process that will search long enough to gain (`korf`, the benchmark: [`use_huge_pages`]); the builder, which
//! runs for minutes over 1.6 GB, always asks.

use std::sync::atomic::{AtomicBool, Ordering};

/// The size of a huge page on x86-64 and most 64-bit ARM kernels.
const HUGE_PAGE: usize = 2 << 20;

/// Whether tables read from disk ask for huge pages (off unless [`use_huge_pages`] says so).
static FOR_LOADED_TABLES: AtomicBool = AtomicBool::new(false);

/// Asks for huge pages for the tables this process reads from disk from now on: worth it for a run of many
/// searches (Korf's 100: about 1.4x fewer CPU cycles per node), not for one quick solve.
pub fn use_huge_pages(on: bool) {
    FOR_LOADED_TABLES.store(on, Ordering::Relaxed);
}

/// A zeroed buffer for a table read from disk: huge pages if [`use_huge_pages`] asked for them.
pub(crate) fn loaded_table(len: usize) -> Vec<u8> {
    let mut buffer = vec![0u8; len];
    if FOR_LOADED_TABLES.load(Ordering::Relaxed) {
        advise_huge_pages(&mut buffer);
    }
    buffer
}

/// A zeroed buffer of `len` bytes, huge pages asked for when it is large (the allocator maps fresh, untouched
/// zero pages for it, so the advice comes before any page is faulted in).
pub(crate) fn zeroed_table(len: usize) -> Vec<u8> {
    let mut buffer = vec![0u8; len];
    advise_huge_pages(&mut buffer);
    buffer
}

/// A buffer of `len` 64-bit words, zeroed, huge pages asked for as in [`zeroed_table`].
pub(crate) fn zeroed_words(len: usize) -> Vec<u64> {
    let mut buffer = vec![0u64; len];
    let bytes = len * std::mem::size_of::<u64>();
    advise(buffer.as_mut_ptr() as usize, bytes);
    buffer
}

fn advise_huge_pages(buffer: &mut [u8]) {
    advise(buffer.as_mut_ptr() as usize, buffer.len());
}

/// Asks for huge pages over the whole huge pages inside `len` bytes from `start`.
#[cfg(target_os = "linux")]
fn advise(start: usize, len: usize) {
    if len < 2 * HUGE_PAGE {
        return;
    }
    let first = start.next_multiple_of(HUGE_PAGE);
    let end = (start + len) / HUGE_PAGE * HUGE_PAGE;
    if end > first {
        // SAFETY: the range lies inside a live allocation owned by the caller; MADV_HUGEPAGE only changes how
        // the kernel backs those pages, never their contents. A refusal (old kernel, huge pages off) is harmless.
        unsafe {
            libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise(_start: usize, _len: usize) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buffers_are_zeroed_and_of_the_length_asked() {
        for len in [0, 1, 4096, 5 * HUGE_PAGE + 3] {
            let table = zeroed_table(len);
            assert_eq!(table.len(), len);
            assert!(table.iter().all(|&b| b == 0));
            assert_eq!(loaded_table(len), table);
            let words = zeroed_words(len / 8);
            assert_eq!(words.len(), len / 8);
            assert!(words.iter().all(|&w| w == 0));
        }
    }
}
