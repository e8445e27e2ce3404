//! Sharing a run: whether the page is embedded (`embed=1`: only the puzzle, the playback and the result), the move a
//! link opens the playback at (`at=12`: the lab's puzzle keeps it as its `open_at` until the re-solved run's answer
//! arrives), and the notices about a link's page keys.
//!
//! A link that names a move, and an embedded page, solve their run as soon as the page has opened
//! ([`ShareAction::Opened`]), with the link's algorithm and heuristic; the answer is then shown paused at that move.

use super::notices::{Notice, NoticeKind};
use crate::page::i18n::{Sharing, Text};
use crate::page::url::{BadValue, View};

/// The share concern's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Share {
    /// The embedded layout, for the whole life of the page.
    pub embed: bool,
}

/// What happens to sharing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShareAction {
    /// The page has opened: a link that names a move, or an embedded page, solves its run now.
    Opened,
}

impl Share {
    /// The share state a link's view asks for.
    pub fn from_view(view: View) -> Share {
        Share { embed: view.embed }
    }

    /// The move a link's page opens its answer at. An embedded page without a move opens at the start, paused (a
    /// course page shows the puzzle first, and the reader presses play).
    pub fn opening_move(view: View) -> Option<usize> {
        view.at.or(view.embed.then_some(0))
    }

    /// The view the address bar shows: the move still to be opened at (`at`), and the layout.
    pub fn view(&self, at: Option<usize>) -> View {
        View {
            at,
            embed: self.embed,
            depth: None,
        }
    }
}

/// The notice for a link's unusable page keys (read as their defaults), one sentence each.
pub fn bad_values_notice(bad: &[BadValue]) -> Option<Notice> {
    let text: Vec<Text> = bad
        .iter()
        .map(|b| {
            let key = match b.key {
                "at" => Sharing::BadAt,
                "depth" => Sharing::BadDepth,
                _ => Sharing::BadEmbed,
            };
            Text::new(key).arg(b.value.as_str())
        })
        .collect();
    (!text.is_empty()).then_some(Notice {
        kind: NoticeKind::Error,
        text,
    })
}

/// The notice when a link's move lies past the end of the solution found (the playback then shows the end).
pub fn beyond_notice(at: usize, length: usize) -> Notice {
    Notice::info(Text::new(Sharing::AtBeyond).arg(at).arg(length))
}
