//! The page's pieces, one function component per file. They read props and send callbacks; only the reducer in
//! `state/` changes anything.

pub mod board;
pub mod compare;
pub mod exercise;
pub mod export_menu;
pub mod hand_play_panel;
pub mod language;
pub mod learn;
pub mod move_list;
pub mod pegs;
pub mod playback_bar;
pub mod preview;
pub mod puzzle_controls;
pub mod puzzle_view;
pub mod sierpinski;
pub mod solvability;
pub mod solve_controls;
pub mod stats_table;
pub mod status;
pub mod stepper;
pub mod tree;
pub mod truth_chart;
pub mod truth_panel;
pub mod update_notice;

/// The id of hand play's hint in words, which the hinted tile or disk names as its description.
pub const HINT_TEXT_ID: &str = "play-hint-words";

/// What pointer input on a puzzle view does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Interaction {
    /// Set-up: drag tiles to swap them, disks to any peg.
    Edit,
    /// Hand play: legal moves only.
    HandPlay,
    /// Nothing (a search runs, or the playback plays).
    Locked,
}

impl Interaction {
    /// The puzzle view's class for this mode, which the style sheet keys on.
    pub fn mode_class(self) -> &'static str {
        match self {
            Interaction::Edit => "mode-edit",
            Interaction::HandPlay => "mode-play",
            Interaction::Locked => "mode-locked",
        }
    }
}
