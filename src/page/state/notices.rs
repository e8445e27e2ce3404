//! The message line's own state: a notice for the person, and the link (or embed code) last copied.

use crate::page::i18n::{Lang, Sharing, Text};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoticeKind {
    Info,
    Error,
}

/// A message for the person, shown in the message line until the next edit. It holds keys and arguments, not
/// words: the message line renders it in the page's language (see `i18n::Text`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub kind: NoticeKind,
    /// The message's sentences, in order.
    pub text: Vec<Text>,
}

impl Notice {
    /// Why the start cannot reach the goal, in the page's words (from the parities the solver found).
    pub fn unsolvable(why: solver::sliding::Unsolvable) -> Notice {
        Notice::error(Text::unsolvable(&why))
    }

    pub fn info(text: impl Into<Text>) -> Notice {
        Notice {
            kind: NoticeKind::Info,
            text: vec![text.into()],
        }
    }

    pub fn error(text: impl Into<Text>) -> Notice {
        Notice {
            kind: NoticeKind::Error,
            text: vec![text.into()],
        }
    }

    /// The message in `lang`, its sentences joined.
    pub fn text_in(&self, lang: Lang) -> String {
        let sentences: Vec<String> = self.text.iter().map(|t| t.render(lang)).collect();
        sentences.join(" ")
    }
}

/// The notice on show and the link last shared (shown for copying by hand).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Notices {
    pub notice: Option<Notice>,
    pub share_link: Option<String>,
}

/// What was copied to the clipboard for the person to paste elsewhere.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Copied {
    /// Share: a link to this puzzle (and the playback's move).
    Link,
    /// Copy embed code: an iframe snippet of the embedded app.
    EmbedCode,
}

/// What the person does to the message line.
#[derive(Debug, Clone, PartialEq)]
pub enum NoticeAction {
    /// A copy button's outcome: what was copied, its text, and whether it reached the clipboard (else the text is
    /// shown for copying by hand).
    Copied {
        what: Copied,
        text: String,
        copied: Result<(), String>,
    },
    /// An export could not be made: the browser's reason.
    ExportFailed(String),
    Dismiss,
}

impl Notices {
    /// Applies a message-line action; false if nothing changed.
    pub fn apply(&mut self, action: NoticeAction) -> bool {
        match action {
            NoticeAction::Copied { what, text, copied } => {
                let (done, by_hand) = match what {
                    Copied::Link => (Sharing::LinkCopied, Sharing::CopyByHand),
                    Copied::EmbedCode => (Sharing::EmbedCopied, Sharing::EmbedByHand),
                };
                self.notice = Some(match copied {
                    Ok(()) => Notice::info(done),
                    Err(why) => Notice::info(Text::new(by_hand).arg(why)),
                });
                self.share_link = Some(text);
                true
            }
            NoticeAction::ExportFailed(why) => {
                self.notice = Some(Notice::error(Text::new(Sharing::ExportFailed).arg(why)));
                true
            }
            NoticeAction::Dismiss => {
                if self.notice.is_none() && self.share_link.is_none() {
                    return false;
                }
                *self = Notices::default();
                true
            }
        }
    }

    /// Forgets the notice and the shared link (an edit, a new run).
    pub fn clear(&mut self) {
        *self = Notices::default();
    }
}
