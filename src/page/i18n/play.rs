//! Playing by hand: the hint, undo and redo, the moves announced to screen readers, the boards' labels, and why
//! a move or a hint is refused.

use super::words;

words! {
    /// Words of hand play.
    Play {
        Hint,
        HintTitle,
        HintMove,
        MovesLeft,
        MovesLeftOne,
        HintThinking,
        HintUnavailable,
        HintAtGoal,
        HintNoMethod,
        HintSolveStarted,
        HintedTile,
        HintedDisk,
        HandPlayTools,
        Undo,
        Redo,
        SolveFromHere,
        SolveFromHereTitle,
        YouMoves,
        OptimalMoves,
        OptimalUnknown,
        PlayHelp,
        PlayHelpHanoiKeys,
        AnnounceTile,
        AnnounceDisk,
        AnnounceGoal,
        TileLabel,
        BlankLabel,
        DiskLabel,
        PegLabel,
        SolvedByHand,
        SolvedByHandOne,
        DropNoSuchPeg,
        DropSamePeg,
        DropEmptyPeg,
        DropOntoSmaller,
    }
}

impl Play {
    /// English.
    pub(super) fn en(self) -> &'static str {
        use Play::*;
        match self {
            Hint => "Hint",
            HintTitle => "Show the best next move and how many moves are left",
            HintMove => "Best next move: {}",
            MovesLeft => "{} moves left",
            MovesLeftOne => "1 move left",
            HintThinking => "Thinking…",
            HintUnavailable => "No hint: {}",
            HintAtGoal => "Solved: you reached the goal.",
            HintNoMethod => "no search here promises a shortest answer for this many disks",
            HintSolveStarted => "a solve started",
            HintedTile => "Hint: slide tile {}",
            HintedDisk => "Hint: move the top disk of peg {} to peg {}",
            HandPlayTools => "Play tools",
            Undo => "Undo",
            Redo => "Redo",
            SolveFromHere => "Solve from here",
            SolveFromHereTitle => "Make the current position the start and solve it",
            YouMoves => "you: {} moves",
            OptimalMoves => "optimal: {}",
            OptimalUnknown => "optimal: …",
            PlayHelp => "Enter or Space on a tile next to the blank slides it.",
            PlayHelpHanoiKeys => "Keys: press a peg's letter or number to pick up its top disk, then another peg's to drop it.",
            AnnounceTile => "Tile {} moved to row {}, column {}. {} moves.",
            AnnounceDisk => "Disk {} moved to peg {}. {} moves.",
            AnnounceGoal => "Goal reached in {} moves.",
            TileLabel => "tile {}, row {}, column {}",
            BlankLabel => "blank, row {}, column {}",
            DiskLabel => "disk {} on peg {}",
            PegLabel => "peg {}",
            SolvedByHand => "Solved by hand in {} moves! Press Solve to compare with the shortest solution.",
            SolvedByHandOne => "Solved by hand in {} move! Press Solve to compare with the shortest solution.",
            DropNoSuchPeg => "Peg {} does not exist: pegs are numbered 0 to {}.",
            DropSamePeg => "A move must go to another peg: both ends are peg {}.",
            DropEmptyPeg => "Peg {} is empty: there is no disk to move.",
            DropOntoSmaller => "Disk {} cannot go onto peg {}: its top disk {} is smaller.",
        }
    }

    /// Simplified Chinese.
    pub(super) fn zh(self) -> &'static str {
        use Play::*;
        match self {
            Hint => "提示",
            HintTitle => "显示最佳的下一步以及还剩几步",
            HintMove => "最佳下一步：{}",
            MovesLeft => "还剩 {} 步",
            MovesLeftOne => "还剩 1 步",
            HintThinking => "计算中…",
            HintUnavailable => "无法提示：{}",
            HintAtGoal => "已完成：到达目标。",
            HintNoMethod => "对这么多圆盘，这里没有能保证给出最短解的搜索",
            HintSolveStarted => "已开始求解",
            HintedTile => "提示：移动方块 {}",
            HintedDisk => "提示：把柱 {} 顶部的圆盘移到柱 {}",
            HandPlayTools => "游戏工具",
            Undo => "撤销",
            Redo => "重做",
            SolveFromHere => "从这里求解",
            SolveFromHereTitle => "把当前局面设为起点并求解",
            YouMoves => "你：{} 步",
            OptimalMoves => "最优：{}",
            OptimalUnknown => "最优：…",
            PlayHelp => "在空格旁的方块上按 Enter 或空格键即可移动它。",
            PlayHelpHanoiKeys => {
                "按键：按柱子的字母或数字拿起其顶部圆盘，再按另一根柱子的字母或数字放下。"
            }
            AnnounceTile => "方块 {} 移到第 {} 行第 {} 列。共 {} 步。",
            AnnounceDisk => "圆盘 {} 移到柱 {}。共 {} 步。",
            AnnounceGoal => "用 {} 步到达目标。",
            TileLabel => "方块 {}，第 {} 行，第 {} 列",
            BlankLabel => "空格，第 {} 行，第 {} 列",
            DiskLabel => "圆盘 {}，在柱 {} 上",
            PegLabel => "柱 {}",
            SolvedByHand => "你用 {} 步完成了！点击“求解”与最短解比较。",
            SolvedByHandOne => "你用 {} 步完成了！点击“求解”与最短解比较。",
            DropNoSuchPeg => "柱 {} 不存在：柱子编号为 0 到 {}。",
            DropSamePeg => "必须移到另一根柱子上：起点和终点都是柱 {}。",
            DropEmptyPeg => "柱 {} 是空的：没有可移动的圆盘。",
            DropOntoSmaller => "圆盘 {} 不能放到柱 {} 上：那里顶部的圆盘 {} 更小。",
        }
    }
}
