//! The compare panel: its controls, the table's columns and row states, and its charts.

use super::words;

words! {
    /// Words of the compare panel.
    Comparison {
        Title,
        Table,
        Intro,
        Button,
        ButtonTitle,
        CancelPair,
        CancelAll,
        Budget,
        BudgetTitle,
        Pairs,
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
        Empty,
    }
}

impl Comparison {
    /// English.
    pub(super) fn en(self) -> &'static str {
        use Comparison::*;
        match self {
            Title => "Compare",
            Table => "The comparison, one row per algorithm",
            Intro => "Run several algorithms on this puzzle, one after another, each within the budget below.",
            Button => "Compare",
            ButtonTitle => "Solve this puzzle with every ticked algorithm and compare the numbers",
            CancelPair => "Skip this one",
            CancelAll => "Stop comparing",
            Budget => "States per algorithm",
            BudgetTitle => "Each algorithm stops with \"limit\" when it holds this many states or runs for {} s",
            Pairs => "Algorithms to run",
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
            Empty => "Tick at least one algorithm to compare.",
        }
    }

    /// Simplified Chinese.
    pub(super) fn zh(self) -> &'static str {
        use Comparison::*;
        match self {
            Title => "算法比较",
            Table => "比较结果，每种算法一行",
            Intro => "在这个谜题上依次运行多种算法，每种算法都受下面的预算限制。",
            Button => "比较",
            ButtonTitle => "用每个勾选的算法求解此谜题并比较各项数据",
            CancelPair => "跳过当前算法",
            CancelAll => "停止比较",
            Budget => "每种算法的状态上限",
            BudgetTitle => "当保存的状态达到此数目或运行满 {} 秒时，算法以“limit”停止",
            Pairs => "要运行的算法",
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
            Empty => "请至少勾选一种算法。",
        }
    }
}
