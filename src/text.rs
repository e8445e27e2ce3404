//! The words of the search lab (Compare, the Sierpinski view), in English and Simplified Chinese, by key.
//!
//! Kept beside `i18n.rs` (which holds the rest of the UI's words) so that both could be written at the same time;
//! it uses the same [`Lang`] and the same `{}` slots ([`crate::i18n::fill`]), and its keys may move into `i18n::Msg`.

use crate::i18n::Lang;

/// A piece of the search lab's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Key {
    CompareTitle,
    CompareIntro,
    CompareButton,
    CompareButtonTitle,
    CancelPair,
    CancelAll,
    CompareBudget,
    CompareBudgetTitle,
    ComparePairs,
    ColAlgorithm,
    ColHeuristic,
    ColSteps,
    ColOperators,
    ColMaxOpen,
    ColClosed,
    ColExpanded,
    ColTime,
    ColOptimal,
    Yes,
    No,
    Waiting,
    Running,
    Limit,
    Cancelled,
    Failed,
    Unsolvable,
    ChartExpanded,
    ChartTime,
    LogScale,
    CompareEmpty,
    SierpinskiTitle,
    SierpinskiCaption,
    SierpinskiExplored,
    SierpinskiPath,
    SierpinskiUnexplored,
    SierpinskiHint,
    ByDepth,
    ByBound,
    StepperTitle,
    StepperIntro,
    StepFirst,
    StepBack,
    StepForward,
    StepLast,
    StepWhole,
    StepStatus,
    StepCurrent,
    StepGoal,
    StepBoard,
    StepTruncated,
    NoHeuristic,
    StepShows,
    StepIdaAsAstar,
    StepBibfsAsBfs,
    StepDirectAsBfs,
}

impl Key {
    /// Every key, for the tests.
    pub const ALL: [Key; 55] = [
        Key::CompareTitle,
        Key::CompareIntro,
        Key::CompareButton,
        Key::CompareButtonTitle,
        Key::CancelPair,
        Key::CancelAll,
        Key::CompareBudget,
        Key::CompareBudgetTitle,
        Key::ComparePairs,
        Key::ColAlgorithm,
        Key::ColHeuristic,
        Key::ColSteps,
        Key::ColOperators,
        Key::ColMaxOpen,
        Key::ColClosed,
        Key::ColExpanded,
        Key::ColTime,
        Key::ColOptimal,
        Key::Yes,
        Key::No,
        Key::Waiting,
        Key::Running,
        Key::Limit,
        Key::Cancelled,
        Key::Failed,
        Key::Unsolvable,
        Key::ChartExpanded,
        Key::ChartTime,
        Key::LogScale,
        Key::CompareEmpty,
        Key::SierpinskiTitle,
        Key::SierpinskiCaption,
        Key::SierpinskiExplored,
        Key::SierpinskiPath,
        Key::SierpinskiUnexplored,
        Key::SierpinskiHint,
        Key::ByDepth,
        Key::ByBound,
        Key::StepperTitle,
        Key::StepperIntro,
        Key::StepFirst,
        Key::StepBack,
        Key::StepForward,
        Key::StepLast,
        Key::StepWhole,
        Key::StepStatus,
        Key::StepCurrent,
        Key::StepGoal,
        Key::StepBoard,
        Key::StepTruncated,
        Key::NoHeuristic,
        Key::StepShows,
        Key::StepIdaAsAstar,
        Key::StepBibfsAsBfs,
        Key::StepDirectAsBfs,
    ];
}

/// The text of `key` in `lang`.
pub fn t(lang: Lang, key: Key) -> &'static str {
    match lang {
        Lang::En => en(key),
        Lang::Zh => zh(key),
    }
}

fn en(key: Key) -> &'static str {
    use Key::*;
    match key {
        CompareTitle => "Compare",
        CompareIntro => "Run several algorithms on this puzzle, one after another, each within the budget below.",
        CompareButton => "Compare",
        CompareButtonTitle => "Solve this puzzle with every ticked algorithm and compare the numbers",
        CancelPair => "Skip this one",
        CancelAll => "Stop comparing",
        CompareBudget => "States per algorithm",
        CompareBudgetTitle => "Each algorithm stops with \"limit\" when it holds this many states or runs for {} s",
        ComparePairs => "Algorithms to run",
        ColAlgorithm => "Algorithm",
        ColHeuristic => "Heuristic",
        ColSteps => "Steps",
        ColOperators => "Moves",
        ColMaxOpen => "Max OPEN",
        ColClosed => "CLOSED",
        ColExpanded => "Expanded",
        ColTime => "Time",
        ColOptimal => "Optimal",
        Yes => "yes",
        No => "no",
        Waiting => "waiting",
        Running => "running…",
        Limit => "limit",
        Cancelled => "cancelled",
        Failed => "error",
        Unsolvable => "unsolvable",
        ChartExpanded => "Nodes expanded",
        ChartTime => "Time (ms)",
        LogScale => "log scale",
        CompareEmpty => "Tick at least one algorithm to compare.",
        SierpinskiTitle => "The state graph",
        SierpinskiCaption => "Every position of {} disks on 3 pegs ({} states) as a Sierpinski triangle; corners are whole towers.",
        SierpinskiExplored => "{} states expanded, in this order: early ones dark, late ones light",
        SierpinskiPath => "solution path: {} states",
        SierpinskiUnexplored => "not expanded",
        SierpinskiHint => "Solve to colour the states the search expanded and to highlight its path.",
        ByDepth => "Nodes expanded by depth (square-root scale)",
        ByBound => "Nodes expanded at each f-bound of IDA* (square-root scale)",
        StepperTitle => "Step through the search",
        StepperIntro => "Expand one state at a time and watch OPEN and CLOSED grow.",
        StepFirst => "First",
        StepBack => "Back",
        StepForward => "Expand next",
        StepLast => "Last",
        StepWhole => "Whole search",
        StepStatus => "Step {} of {}: OPEN {} · CLOSED {}",
        StepCurrent => "Expanding state {}: disks on pegs {}",
        StepGoal => "The goal is reached: the search stops.",
        StepBoard => "Expanding state {}: the board below",
        StepTruncated => "Only the first {} expansions are recorded: the search went on beyond them.",
        NoHeuristic => "none",
        StepShows => "The order of {}.",
        StepIdaAsAstar => "IDA* is shown by A*: with a consistent heuristic both expand the same states, but IDA* expands them again at every f-bound, deepest first.",
        StepBibfsAsBfs => "Bidirectional BFS is shown by BFS from the start alone: the real search also grows a second frontier back from the goal.",
        StepDirectAsBfs => "The direct solver does not search: this is BFS on the same puzzle, for comparison.",
    }
}

fn zh(key: Key) -> &'static str {
    use Key::*;
    match key {
        CompareTitle => "算法比较",
        CompareIntro => "在这个谜题上依次运行多种算法，每种算法都受下面的预算限制。",
        CompareButton => "比较",
        CompareButtonTitle => "用每个勾选的算法求解此谜题并比较各项数据",
        CancelPair => "跳过当前算法",
        CancelAll => "停止比较",
        CompareBudget => "每种算法的状态上限",
        CompareBudgetTitle => "当保存的状态达到此数目或运行满 {} 秒时，算法以“limit”停止",
        ComparePairs => "要运行的算法",
        ColAlgorithm => "算法",
        ColHeuristic => "启发函数",
        ColSteps => "步数",
        ColOperators => "操作序列",
        ColMaxOpen => "最大 OPEN 表",
        ColClosed => "CLOSED 表",
        ColExpanded => "扩展结点数",
        ColTime => "用时",
        ColOptimal => "最优",
        Yes => "是",
        No => "否",
        Waiting => "等待中",
        Running => "运行中…",
        Limit => "超出限制",
        Cancelled => "已取消",
        Failed => "出错",
        Unsolvable => "无解",
        ChartExpanded => "扩展结点数",
        ChartTime => "用时（毫秒）",
        LogScale => "对数刻度",
        CompareEmpty => "请至少勾选一种算法。",
        SierpinskiTitle => "状态图",
        SierpinskiCaption => {
            "3 根柱子上 {} 个圆盘的全部局面（{} 个状态）构成谢尔宾斯基三角形；三个角是整塔。"
        }
        SierpinskiExplored => "已扩展 {} 个状态，按扩展顺序着色：早的深，晚的浅",
        SierpinskiPath => "解路径：{} 个状态",
        SierpinskiUnexplored => "未扩展",
        SierpinskiHint => "求解后，将为搜索扩展过的状态着色并高亮其解路径。",
        ByDepth => "各深度的扩展结点数（平方根刻度）",
        ByBound => "IDA* 各 f 界限的扩展结点数（平方根刻度）",
        StepperTitle => "逐步查看搜索",
        StepperIntro => "一次扩展一个状态，观察 OPEN 表和 CLOSED 表的增长。",
        StepFirst => "第一步",
        StepBack => "后退",
        StepForward => "扩展下一个",
        StepLast => "最后一步",
        StepWhole => "完整搜索",
        StepStatus => "第 {} 步，共 {} 步：OPEN {} · CLOSED {}",
        StepCurrent => "正在扩展状态 {}：各圆盘所在柱 {}",
        StepGoal => "已到达目标状态：搜索结束。",
        StepBoard => "正在扩展状态 {}：棋盘如下",
        StepTruncated => "只记录了前 {} 次扩展：搜索在此之后仍在继续。",
        NoHeuristic => "无",
        StepShows => "按{}的顺序。",
        StepIdaAsAstar => "IDA* 以 A* 来展示：使用一致的启发函数时两者扩展相同的状态，但 IDA* 在每个 f 界限上都会重新扩展它们，并且深度优先。",
        StepBibfsAsBfs => "双向广度优先搜索以仅从起点出发的广度优先搜索来展示：真正的搜索还会从目标反向扩展第二个前沿。",
        StepDirectAsBfs => "直接求解不进行搜索：这里展示的是同一谜题上的广度优先搜索，以便比较。",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_has_text_in_both_languages_with_the_same_slots() {
        for key in Key::ALL {
            let slots = en(key).matches("{}").count();
            for lang in Lang::ALL {
                let text = t(lang, key);
                assert!(!text.trim().is_empty(), "{key:?} in {lang:?}");
                assert_eq!(text.matches("{}").count(), slots, "{key:?} in {lang:?}");
            }
            assert_ne!(en(key), zh(key), "{key:?} is not translated");
        }
    }
}
