//! The helper's side: one group built synchronously, its progress posted, then its tables' bytes, and the helper
//! closes itself.

use super::build::SLICE_STATES;
use super::messages::{HelperReply, HelperRequest};
use crate::worker::scope::{self, post_text};
use crate::worker::tables;
use solver::pdb::{Geometry, Partition, PdbBuilder};
use web_sys::DedicatedWorkerGlobalScope;

/// The helper's side: builds the group synchronously, posting its progress every `progress_every_ms` and then the
/// tables' bytes (or why it could not), and closes itself once they are posted. It looks at its cancel token every
/// `cancel_check_ms` and, once the token is revoked, stops and closes without a word.
pub fn serve(
    scope: &DedicatedWorkerGlobalScope,
    request: HelperRequest,
    progress_every_ms: f64,
    cancel_check_ms: f64,
) {
    // Messages already posted are still delivered after `close`.
    let fail = |message: String| {
        post_reply(scope, &HelperReply::GroupFailed { message });
        scope.close();
    };
    let HelperRequest::BuildGroup {
        width,
        height,
        blank,
        cells,
        cancel_token,
    } = request;
    let partition = Geometry::new(width, height)
        .and_then(|g| Partition::new(&g, blank, vec![cells]).map(|p| (g, p)));
    let (geometry, partition) = match partition {
        Ok(gp) => gp,
        Err(e) => return fail(e.to_string()),
    };
    let now = scope::clock(scope);
    let mut builder = PdbBuilder::new(&geometry, &partition);
    let mut last_post = f64::NEG_INFINITY;
    let mut last_check = now();
    while !builder.step(SLICE_STATES) {
        let t = now();
        if t - last_post >= progress_every_ms {
            last_post = t;
            let fraction = builder.fraction();
            post_reply(scope, &HelperReply::GroupProgress { fraction });
        }
        if t - last_check >= cancel_check_ms {
            last_check = t;
            if scope::revoked(cancel_token.as_deref()) {
                return scope.close();
            }
        }
    }
    let tables = match builder.into_tables() {
        // Packed here (on a board of more than 16 cells), so that half the bytes travel and are stored.
        Ok(tables) => tables.packed(),
        Err(e) => return fail(e.to_string()),
    };
    let bytes = tables::tables_to_js(&tables);
    let transfer = js_sys::Array::of1(&bytes.buffer());
    if scope.post_message_with_transfer(&bytes, &transfer).is_err() {
        return fail("the tables could not be posted".into());
    }
    scope.close();
}

fn post_reply(scope: &DedicatedWorkerGlobalScope, reply: &HelperReply) {
    if let Ok(text) = serde_json::to_string(reply) {
        // A lost post shows as silence, which the solver worker's watchdog handles.
        post_text(scope, &text);
    }
}
