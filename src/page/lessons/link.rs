//! A link to a lesson: `?lesson=hanoi`, a section by its `#anchor`, `embed=1` for that section alone, and the page's
//! language (`lang=`, read by `url::read_lang`). Read and written here, so the page, its contents and its deep
//! links agree.

use crate::page::i18n::Lang;
use crate::page::url;

/// A lesson the page can show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lesson {
    Hanoi,
    Sliding,
    Eight,
}

impl Lesson {
    /// Every lesson in the contents, in reading order.
    pub const ALL: [Lesson; 3] = [Lesson::Hanoi, Lesson::Sliding, Lesson::Eight];

    /// The lesson's name in links (`lesson=hanoi`).
    pub fn code(self) -> &'static str {
        match self {
            Lesson::Hanoi => "hanoi",
            Lesson::Sliding => "sliding",
            Lesson::Eight => "eight",
        }
    }

    pub fn from_code(code: &str) -> Option<Lesson> {
        Lesson::ALL.into_iter().find(|l| l.code() == code.trim())
    }

    /// The anchors of the lesson's sections, in order.
    pub fn sections(self) -> &'static [&'static str] {
        match self {
            Lesson::Hanoi => &HANOI_SECTIONS,
            Lesson::Sliding => &SLIDING_SECTIONS,
            Lesson::Eight => &EIGHT_SECTIONS,
        }
    }
}

/// The Hanoi lesson's anchors, in reading order: a link names its sections, so they are kept with the links.
const HANOI_SECTIONS: [&str; 7] = [
    "state",
    "graph",
    "bfs-astar",
    "admissible",
    "four-pegs",
    "claims",
    "exercises",
];

/// The sliding-puzzle lesson's anchors, in reading order.
const SLIDING_SECTIONS: [&str; 12] = [
    "state",
    "solvability",
    "bfs-memory",
    "heuristics",
    "watch",
    "consistency",
    "greedy",
    "weighted",
    "idastar",
    "pattern-databases",
    "big-boards",
    "exercises",
];

/// The 8-puzzle lab's anchors, in reading order.
const EIGHT_SECTIONS: [&str; 6] = ["basics", "report", "dfs", "claims", "random", "exercises"];

/// What a lesson link asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LessonLink {
    pub lesson: Lesson,
    /// The section its anchor names, if the lesson has it.
    pub section: Option<&'static str>,
    /// `embed=1`: the named section alone (the whole lesson when no section is named).
    pub embed: bool,
}

impl LessonLink {
    /// Reads the query string `search` and the fragment (without `#`): `None` unless `lesson=` names a lesson.
    pub fn read(search: &str, fragment: &str) -> Option<LessonLink> {
        let lesson = Lesson::from_code(&url::read_key(search, "lesson")?)?;
        let fragment = fragment.trim_start_matches('#');
        let section = lesson.sections().iter().copied().find(|&s| s == fragment);
        let embed = matches!(
            url::read_key(search, "embed").as_deref(),
            Some("1" | "true")
        );
        Some(LessonLink {
            lesson,
            section,
            embed,
        })
    }

    /// The section shown alone, in an embedded page.
    pub fn embedded_section(&self) -> Option<&'static str> {
        self.section.filter(|_| self.embed)
    }
}

/// The query string and fragment (no `?`) of a link to `lesson` in `lang`, at `section`, embedded or not.
pub fn href(lesson: Lesson, lang: Lang, section: Option<&str>, embed: bool) -> String {
    let mut text = format!("lesson={}&lang={}", lesson.code(), lang.code());
    if embed {
        text.push_str("&embed=1");
    }
    if let Some(section) = section {
        text.push('#');
        text.push_str(section);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lesson_link_names_the_lesson_its_section_and_embed() {
        let link = LessonLink::read("?lesson=hanoi&lang=zh", "#graph").unwrap();
        assert_eq!(link.lesson, Lesson::Hanoi);
        assert_eq!(link.section, Some("graph"));
        assert!(!link.embed);
        assert_eq!(link.embedded_section(), None);
        let embedded = LessonLink::read("lesson=hanoi&embed=1", "state").unwrap();
        assert_eq!(embedded.embedded_section(), Some("state"));
        assert_eq!(url::read_lang("?lesson=hanoi&lang=zh"), Some(Lang::Zh));
    }

    #[test]
    fn unknown_lessons_and_sections_are_not_read() {
        assert_eq!(LessonLink::read("?puzzle=hanoi", ""), None);
        assert_eq!(LessonLink::read("?lesson=chess", ""), None);
        let link = LessonLink::read("?lesson=hanoi", "nowhere").unwrap();
        assert_eq!(link.section, None);
        assert_eq!(
            LessonLink::read("?lesson=hanoi&embed=1", "")
                .unwrap()
                .embedded_section(),
            None
        );
    }

    #[test]
    fn hrefs_round_trip() {
        for (lesson, &section) in Lesson::ALL
            .iter()
            .flat_map(|&l| l.sections().iter().map(move |s| (l, s)))
        {
            for lang in Lang::ALL {
                let text = href(lesson, lang, Some(section), true);
                let (search, fragment) = text.split_once('#').unwrap();
                let link = LessonLink::read(search, fragment).unwrap();
                assert_eq!(link.lesson, lesson);
                assert_eq!(link.embedded_section(), Some(section));
                assert_eq!(url::read_lang(search), Some(lang));
            }
        }
    }
}
