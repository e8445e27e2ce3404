//! The stepper: a search shown one expansion at a time.

use super::words;

words! {
    /// Words of the stepper.
    Stepper {
        Title,
        Intro,
        First,
        Back,
        Forward,
        Last,
        Whole,
        Status,
        Current,
        Goal,
        Board,
        Truncated,
        Shows,
        DirectAsBfs,
        Iteration,
        Costs,
        Depth,
    }
}

impl Stepper {
    /// English.
    pub(super) fn en(self) -> &'static str {
        use Stepper::*;
        match self {
            Title => "Step through the search",
            Intro => "Expand one state at a time and watch OPEN and CLOSED grow.",
            First => "First",
            Back => "Back",
            Forward => "Expand next",
            Last => "Last",
            Whole => "Whole search",
            Status => "Step {} of {}: OPEN {} · CLOSED {}",
            Current => "Expanding state {}: disks on pegs {}",
            Goal => "The goal is reached: the search stops.",
            Board => "Expanding state {}: the board below",
            Truncated => "Only the first {} expansions are recorded: the search went on beyond them.",
            Shows => "The order of {}.",
            DirectAsBfs => "The direct solver does not search: this is BFS on the same puzzle, for comparison.",
            Iteration => "IDA* iteration {} of {}: a depth-first search that expands only states with f = g + h ≤ {}.",
            Costs => "This state: g = {} moves from the start, h = {} (the heuristic's estimate of the moves left).",
            Depth => "This state: g = {} moves from the start.",
        }
    }

    /// Simplified Chinese.
    pub(super) fn zh(self) -> &'static str {
        use Stepper::*;
        match self {
            Title => "逐步查看搜索",
            Intro => "一次扩展一个状态，观察 OPEN 表和 CLOSED 表的增长。",
            First => "第一步",
            Back => "后退",
            Forward => "扩展下一个",
            Last => "最后一步",
            Whole => "完整搜索",
            Status => "第 {} 步，共 {} 步：OPEN {} · CLOSED {}",
            Current => "正在扩展状态 {}：各圆盘所在柱 {}",
            Goal => "已到达目标状态：搜索结束。",
            Board => "正在扩展状态 {}：棋盘如下",
            Truncated => "只记录了前 {} 次扩展：搜索在此之后仍在继续。",
            Shows => "按{}的顺序。",
            DirectAsBfs => "直接求解不进行搜索：这里展示的是同一谜题上的广度优先搜索，以便比较。",
            Iteration => {
                "IDA* 第 {} 轮，共 {} 轮：一次深度优先搜索，只扩展 f = g + h ≤ {} 的状态。"
            }
            Costs => "此状态：g = {}（从起点走了几步），h = {}（启发函数对剩余步数的估计）。",
            Depth => "此状态：g = {}（从起点走了几步）。",
        }
    }
}
