//! The 8-puzzle lab lesson's words, in English and in Chinese: one key per sentence or label, one table per language.
//! `{}` slots take the numbers the figures compute, in order. Adding a key fails to compile until both tables
//! have it.

use crate::page::i18n::Lang;

/// A sentence or label of the lesson.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Line {
    Title,
    ReportTitle,
    DfsTitle,
    ClaimsTitle,
    RandomTitle,
    ExTitle,
}

/// The text of `line` in `lang`.
pub fn t(lang: Lang, line: Line) -> &'static str {
    match lang {
        Lang::En => en(line),
        Lang::Zh => zh(line),
    }
}

/// English.
fn en(line: Line) -> &'static str {
    use Line::*;
    match line {
        Title => "The 8-puzzle lab, checked",
        ReportTitle => "The report's table, run live",
        DfsTitle => "Depth-first search and its depth limit",
        ClaimsTitle => "The report's claims, checked",
        RandomTitle => "Random boards",
        ExTitle => "Exercises",
    }
}

/// Chinese.
fn zh(line: Line) -> &'static str {
    use Line::*;
    match line {
        Title => "八数码实验，逐项核对",
        ReportTitle => "实验报告里的表格，现场重算",
        DfsTitle => "深度优先搜索与深度界限",
        ClaimsTitle => "逐条核对报告的结论",
        RandomTitle => "随机局面",
        ExTitle => "练习",
    }
}
