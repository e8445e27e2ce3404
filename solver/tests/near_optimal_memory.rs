//! The near-optimal search's memory under a byte budget, counted by the allocator itself (this test binary's global
//! allocator): what a search allocates never passes its budget, the rehash of the index and the reallocation of the
//! open list included (each growth is checked before it happens, the old block still held); and the budget goes to
//! nodes: a search it stops holds a node for every 48 bytes of it or fewer (28 for the node, the rest for its share of
//! the index and the open list). Before, a check of the largest doubling against the budget at every expansion held
//! a node per 64 bytes at 16 MiB, and passed the budget at 8 MiB (9.7 MB at the peak). Small tables (3-cell groups)
//! and a weak heuristic make A* stop at any of these budgets.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

mod common;

use common::{goal, small_window_tables, walk};
use solver::pdb::{replay, search_near_optimal};
use solver::search::{Control, Limits, Status};

/// The system allocator, counting the bytes held now and the most held since the last [`reset_peak`].
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed on to the system allocator unchanged; only the counters are added. `realloc` keeps
// the trait's default (allocate, copy, free), so a reallocation counts the new block while the old one is held.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let block = System.alloc(layout);
        if !block.is_null() {
            let held = HELD.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(held, Ordering::Relaxed);
        }
        block
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        System.dealloc(block, layout);
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Restarts the peak from what is held now; returns that.
fn reset_peak() -> usize {
    let held = HELD.load(Ordering::Relaxed);
    PEAK.store(held, Ordering::Relaxed);
    held
}

/// One test (the counters are the whole binary's): every budget in turn.
#[test]
fn a_search_stopped_by_its_byte_budget_never_held_more_and_filled_it_with_nodes() {
    let (g, mut tables) = small_window_tables();
    let goal = goal();
    let pdb = tables.pdb_for(&goal).unwrap_or_else(|e| panic!("{e}"));
    let start =
        replay(&g, &goal, &walk(&g, &goal, 200, 7)).unwrap_or_else(|| panic!("the walk replays"));
    for budget in [8u64 << 20, 13 << 20, 16 << 20, 20 << 20, 24 << 20] {
        let limits = Limits {
            max_states: u64::MAX,
            ..Limits::default()
        };
        let mut control = Control::new(limits).with_max_bytes(budget);
        let before = reset_peak();
        // A* (weight 1): with these tables it needs far more than any of the budgets.
        let found = search_near_optimal(&pdb, &start, None, &[100], &mut control, |_, _| {})
            .unwrap_or_else(|e| panic!("{e}"));
        let peak = (PEAK.load(Ordering::Relaxed) - before) as u64;
        let mib = budget >> 20;
        let (status, said) = found
            .stop
            .unwrap_or_else(|| panic!("{mib} MiB: the search was not stopped by its budget"));
        let message = said.to_string();
        assert_eq!(status, Status::Limit, "{mib} MiB: {message}");
        assert!(
            message.contains(&format!("max-bytes = {budget}")),
            "{mib} MiB: {message}"
        );
        // The search's own small allocations (its statistics, the answer) are not in its estimate.
        assert!(
            peak <= budget + (64 << 10),
            "{mib} MiB: the search allocated {peak} bytes at its peak"
        );
        let nodes = found.stats.closed;
        assert!(
            nodes * 48 >= budget,
            "{mib} MiB: only {nodes} nodes held when the budget stopped the search ({} bytes a node)",
            budget / nodes.max(1)
        );
    }
}
