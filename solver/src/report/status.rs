//! How a run ended ([`Status`]): the first thing a report says, and what every search returns.

use serde::{Deserialize, Serialize};

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Solved,
    Unsolvable,
    Limit,
    Cancelled,
    Invalid,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unsolvable => "unsolvable",
            Status::Limit => "limit",
            Status::Cancelled => "cancelled",
            Status::Invalid => "invalid",
        }
    }
}
