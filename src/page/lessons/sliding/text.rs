//! The sliding-puzzle lesson's words, in English and in Chinese: one key per sentence or label, one table per language.
//! `{}` slots take the numbers the figures compute, in order. Adding a key fails to compile until both tables
//! have it.

use crate::page::i18n::Lang;

/// A sentence or label of the lesson.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Line {
    Title,
    StateTitle,
    SolvabilityTitle,
    BfsMemoryTitle,
    HeuristicsTitle,
    IdastarTitle,
    PdbTitle,
    BigTitle,
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
        Title => "The sliding puzzle: states, heuristics and bounds",
        StateTitle => "A board is a state",
        SolvabilityTitle => "Which boards can be solved",
        BfsMemoryTitle => "How BFS's memory grows",
        HeuristicsTitle => "A* with three heuristics",
        IdastarTitle => "IDA*: A* in little memory",
        PdbTitle => "Pattern databases",
        BigTitle => "Past 5x5: answers with a proven bound",
        ExTitle => "Exercises",
    }
}

/// Chinese.
fn zh(line: Line) -> &'static str {
    use Line::*;
    match line {
        Title => "滑块拼图：状态、启发函数与下界",
        StateTitle => "一个局面就是一个状态",
        SolvabilityTitle => "哪些局面有解",
        BfsMemoryTitle => "广度优先搜索的内存如何增长",
        HeuristicsTitle => "A* 与三种启发函数",
        IdastarTitle => "IDA*：用很少内存的 A*",
        PdbTitle => "模式数据库",
        BigTitle => "5x5 以上：带可证下界的解",
        ExTitle => "练习",
    }
}
