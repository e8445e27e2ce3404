//! The messages between the solver worker and a helper: JSON text both ways, the tables themselves as bytes.

use serde::{Deserialize, Serialize};

/// From the solver worker to its helper: build the tables of one group.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum HelperRequest {
    BuildGroup {
        width: u8,
        height: u8,
        blank: u8,
        cells: Vec<u8>,
        /// The request's cancel token (see `Request`): the helper stops once it is revoked, so that a cancelled
        /// build frees the CPU at once even though `terminate()` leaves a busy worker running for a while.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cancel_token: Option<String>,
    },
}

/// From the helper to the solver worker (the tables themselves come as bytes).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum HelperReply {
    /// The fraction of its group built.
    GroupProgress { fraction: f64 },
    /// The build could not run; the solver worker builds the group itself.
    GroupFailed { message: String },
}

/// Reads a helper request, if `text` is one (the solver worker's own requests are not).
pub fn helper_request(text: &str) -> Option<HelperRequest> {
    if !text.starts_with("{\"BuildGroup\"") {
        return None;
    }
    serde_json::from_str(text).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helper_messages_round_trip_and_are_told_apart_from_requests() {
        let request = HelperRequest::BuildGroup {
            width: 4,
            height: 4,
            blank: 15,
            cells: vec![0, 1, 2],
            cancel_token: Some("blob:x".into()),
        };
        let text = serde_json::to_string(&request).unwrap_or_default();
        assert_eq!(helper_request(&text), Some(request));
        assert_eq!(
            helper_request(
                r#"{"id":1,"kind":{"Solve":{"query":"q","max_states":1,"time_limit_ms":null}}}"#
            ),
            None
        );
        let reply = HelperReply::GroupProgress { fraction: 0.5 };
        let text = serde_json::to_string(&reply).unwrap_or_default();
        assert_eq!(serde_json::from_str::<HelperReply>(&text).ok(), Some(reply));
    }
}
