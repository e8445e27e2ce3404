//! The answer's panels: the statistics and their charts, the playback bar, the moves in words, and the state
//! graph of a tower.

use super::words;

words! {
    /// Words of the answer's panels.
    Answer {
        Statistics,
        StatsEmpty,
        OptimalYes,
        OptimalNotGuaranteed,
        NoHeuristic,
        StatLength,
        StatOptimal,
        StatAlgorithm,
        StatHeuristic,
        StatExpanded,
        StatGenerated,
        StatMaxOpen,
        StatClosed,
        StatDuplicates,
        StatMemory,
        StatTime,
        ByDepth,
        ByBound,
        Pause,
        Replay,
        PlaybackPlay,
        StepBack,
        StepForward,
        NoSolutionYet,
        MoveOf,
        ScrubberLabel,
        Speed,
        SpeedLabel,
        /// The button that shows a shorter solution waiting behind the one playing ({moves}).
        ShowWaiting,
        Moves,
        MovesEmpty,
        EarlierMoves,
        MoreMoves,
        MoveWordsTile,
        MoveWordsDisk,
        DirUp,
        DirDown,
        DirLeft,
        DirRight,
        SierpinskiTitle,
        SierpinskiCaption,
        SierpinskiExplored,
        SierpinskiPath,
        SierpinskiUnexplored,
        SierpinskiHint,
    }
}

impl Answer {
    /// English.
    pub(super) fn en(self) -> &'static str {
        use Answer::*;
        match self {
            Statistics => "Statistics",
            StatsEmpty => "Solve to see the numbers: nodes expanded and generated, the largest OPEN, CLOSED, memory and time.",
            OptimalYes => "yes, a shortest solution",
            OptimalNotGuaranteed => "not guaranteed",
            NoHeuristic => "none",
            StatLength => "Solution length",
            StatOptimal => "Optimal",
            StatAlgorithm => "Algorithm",
            StatHeuristic => "Heuristic",
            StatExpanded => "Nodes expanded",
            StatGenerated => "Nodes generated",
            StatMaxOpen => "Largest OPEN",
            StatClosed => "CLOSED",
            StatDuplicates => "Duplicates skipped",
            StatMemory => "Peak memory (estimate)",
            StatTime => "Time",
            ByDepth => "Nodes expanded by depth (square-root scale)",
            ByBound => "Nodes expanded at each f-bound of IDA* (square-root scale)",
            Pause => "Pause",
            Replay => "Replay",
            PlaybackPlay => "Play",
            StepBack => "Step back",
            StepForward => "Step forward",
            NoSolutionYet => "No solution yet",
            MoveOf => "Move {} of {}",
            ScrubberLabel => "Position in the solution",
            Speed => "Speed",
            SpeedLabel => "Animation speed (right is faster)",
            ShowWaiting => "A shorter solution is ready ({} moves): show it",
            Moves => "Moves",
            MovesEmpty => "The solution's moves appear here, in words.",
            EarlierMoves => "… {} earlier moves",
            MoreMoves => "… {} more moves",
            MoveWordsTile => "tile {} slides {}",
            MoveWordsDisk => "disk {}: peg {} -> {}",
            DirUp => "up",
            DirDown => "down",
            DirLeft => "left",
            DirRight => "right",
            SierpinskiTitle => "The state graph",
            SierpinskiCaption => "Every position of {} disks on 3 pegs ({} states) as a Sierpinski triangle; corners are whole towers.",
            SierpinskiExplored => "{} states expanded, in this order: early ones dark, late ones light",
            SierpinskiPath => "solution path: {} states",
            SierpinskiUnexplored => "not expanded",
            SierpinskiHint => "Solve to colour the states the search expanded and to highlight its path.",
        }
    }

    /// Simplified Chinese.
    pub(super) fn zh(self) -> &'static str {
        use Answer::*;
        match self {
            Statistics => "统计",
            StatsEmpty => {
                "求解后可看到各项数据：扩展与生成的节点数、最大 OPEN 表、CLOSED 表、内存和时间。"
            }
            OptimalYes => "是，最短解",
            OptimalNotGuaranteed => "不保证",
            NoHeuristic => "无",
            StatLength => "解的长度",
            StatOptimal => "最优",
            StatAlgorithm => "算法",
            StatHeuristic => "启发函数",
            StatExpanded => "扩展节点数",
            StatGenerated => "生成节点数",
            StatMaxOpen => "最大 OPEN 表",
            StatClosed => "CLOSED 表",
            StatDuplicates => "跳过的重复状态",
            StatMemory => "峰值内存（估计）",
            StatTime => "时间",
            ByDepth => "各深度的扩展结点数（平方根刻度）",
            ByBound => "IDA* 各 f 界限的扩展结点数（平方根刻度）",
            Pause => "暂停",
            Replay => "重播",
            PlaybackPlay => "播放",
            StepBack => "后退一步",
            StepForward => "前进一步",
            NoSolutionYet => "尚无解",
            MoveOf => "第 {} 步，共 {} 步",
            ScrubberLabel => "在解中的位置",
            Speed => "速度",
            SpeedLabel => "动画速度（越往右越快）",
            ShowWaiting => "更短的解已就绪（{} 步）：显示它",
            Moves => "走法",
            MovesEmpty => "解的每一步会以文字显示在这里。",
            EarlierMoves => "… 前面还有 {} 步",
            MoreMoves => "… 后面还有 {} 步",
            MoveWordsTile => "方块 {} 向{}滑动",
            MoveWordsDisk => "圆盘 {}：柱 {} → {}",
            DirUp => "上",
            DirDown => "下",
            DirLeft => "左",
            DirRight => "右",
            SierpinskiTitle => "状态图",
            SierpinskiCaption => {
                "3 根柱子上 {} 个圆盘的全部局面（{} 个状态）构成谢尔宾斯基三角形；三个角是整塔。"
            }
            SierpinskiExplored => "已扩展 {} 个状态，按扩展顺序着色：早的深，晚的浅",
            SierpinskiPath => "解路径：{} 个状态",
            SierpinskiUnexplored => "未扩展",
            SierpinskiHint => "求解后，将为搜索扩展过的状态着色并高亮其解路径。",
        }
    }
}
