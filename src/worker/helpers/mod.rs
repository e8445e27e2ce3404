//! Building pattern databases in disposable helper workers: the solver worker starts one helper (a copy of itself,
//! from the same boot script) per big group, builds the small groups itself in slices between which it reads the
//! helpers' messages, and joins the tables with `PdbTables::combine`. The 15-puzzle's two 6-tile tables take about
//! the same time each, so on two cores the first-use wait roughly halves; and since a helper ends as soon as its
//! group is sent, the memory a build needs on the way (several times the table's size, which a WebAssembly memory
//! never gives back) goes with it: the long-lived solver worker only ever holds the finished tables.
//!
//! Messages (`messages.rs`): the solver worker sends a helper one JSON [`HelperRequest`] once the helper says `Ready`;
//! the helper answers with JSON [`HelperReply`] progress and, at the end, the tables' bytes (`PdbTables::to_bytes`,
//! checksummed) as a transferred `Uint8Array`, and closes itself. The bytes go straight between JavaScript arrays and
//! the tables' own buffers (`tables::tables_to_js`, `tables_from_js`): no whole copy of them in a WebAssembly
//! memory. Tables of boards of more than 16 cells (the 5x5 ones) are packed at half a byte an entry
//! (`PdbTables::packed`) as each group is built, before they travel. If a helper cannot be started, or it fails or
//! falls silent, the solver worker builds that group itself: helpers only ever save time and memory.
//!
//! Parts: `plan.rs` (which groups get a helper), `build.rs` (the solver worker's side), `serve.rs` (the helper's
//! side: a helper is a copy of this worker, whose message handler hands a [`HelperRequest`] to [`serve`]).

mod build;
mod messages;
mod plan;
mod serve;

pub use build::{build, start, Built, HelpersProgress, Meanwhile, Started};
pub use messages::{helper_request, HelperReply, HelperRequest};
pub use plan::{plan, plan_for, plan_here, Plan, HELPER_MIN_ENTRIES};
pub use serve::serve;
