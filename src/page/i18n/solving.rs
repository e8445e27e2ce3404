//! A run as it goes and as it ends: the status line, the progress lines, the result's sentence, and the notices
//! of a run.

use super::words;

words! {
    /// Words of a run's status.
    Solving {
        Status,
        StatusReady,
        StatusSolving,
        StatusSolved,
        StatusUnsolvable,
        StatusLimit,
        StatusCancelled,
        StatusError,
        ProgressNodes,
        ProgressWaiting,
        ProgressBuilding,
        /// The progress line while a solver improves its answer: the best length, nodes expanded, time.
        ProgressImproving,
        /// The progress line while a solver holds an answer and waits for the tables that improve it: the best
        /// length, the build's percent and time.
        ProgressImprovingBuilding,
        /// The progress line after a first answer: {the first answer}; the build's {percent} and time, or the search's
        /// nodes expanded and time.
        ProgressFirstBuilding,
        ProgressFirstSearching,
        BuildingPdb,
        BuildNote,
        TablesBuilding,
        SolutionLength,
        SolutionLengthOne,
        Dismiss,
        DismissMessage,
        NoticeCancelled,
        SolvedShortest,
        SolvedNoGuarantee,
        SolvedInadmissible,
        SolvedWithin,
        SolvedNoBound,
        SolvedStaged,
        ImprovementCancelled,
        /// A first answer while the tables for the shortest are built: {moves} and at most {percent}% longer than the
        /// shortest; {moves} and a shortest one; {moves} with no bound.
        FirstAnswerWithin,
        FirstAnswerShortest,
        FirstAnswerMoves,
        /// The search for the shortest after a first answer was cancelled or stopped: the first answer is kept.
        FirstAnswerKept,
        /// The shortest answer replaced a first answer of {moves}.
        FirstAnswerReplaced,
    }
}

impl Solving {
    /// English.
    pub(super) fn en(self) -> &'static str {
        use Solving::*;
        match self {
            Status => "Status",
            StatusReady => "Ready",
            StatusSolving => "Solving…",
            StatusSolved => "Solved",
            StatusUnsolvable => "Unsolvable",
            StatusLimit => "Stopped at the limit",
            StatusCancelled => "Cancelled",
            StatusError => "Error",
            ProgressNodes => "{} nodes expanded, {} generated · {}",
            ProgressWaiting => "waiting: the worker finishes the compare run's current pair first",
            ProgressBuilding => "Building pattern databases… {}% · {}",
            ProgressImproving => "Improving: best so far {} moves · {} nodes expanded · {}",
            ProgressImprovingBuilding => "Improving: best so far {} moves; building the pattern databases for a shorter answer… {}% · {}",
            ProgressFirstBuilding => "First answer ({}); building the pattern databases for the shortest… {}% · {}",
            ProgressFirstSearching => "First answer ({}); searching for the shortest: {} nodes expanded · {}",
            BuildingPdb => "Building pattern databases",
            BuildNote => "Built once per browser: later visits read them from its cache. Cancel stops the build.",
            TablesBuilding => "Preparing the 5x5 pattern databases in the background ({}%): once they are ready, 5x5 solves use them for shorter answers.",
            SolutionLength => "Solution: {} moves",
            SolutionLengthOne => "Solution: {} move",
            Dismiss => "Dismiss",
            DismissMessage => "Dismiss the message",
            NoticeCancelled => "Cancelled: the search was stopped and the solver restarted, ready for the next run.",
            SolvedShortest => "Solved in {}: a shortest solution.",
            SolvedNoGuarantee => "Solved in {}; {} does not guarantee a shortest solution.",
            SolvedInadmissible => "Solved in {}; the heuristic {} can overestimate, so {} does not guarantee a shortest solution.",
            SolvedWithin => "Solved in {}: at most {} x the shortest (weighted A*, w = {}).",
            SolvedNoBound => "Solved in {}: no bound on its length (weighted A* with the heuristic {}, which can overestimate).",
            SolvedStaged => "Solved in {} by the staged solver (tiles placed line by line, then the path shortened while you watched).",
            ImprovementCancelled => "Improvement was cancelled: this is the best answer found by then.",
            FirstAnswerWithin => "{} moves, at most {}% longer than the shortest",
            FirstAnswerShortest => "{} moves, already a shortest one",
            FirstAnswerMoves => "{} moves",
            FirstAnswerKept => "The search for the shortest was stopped: this is the first answer.",
            FirstAnswerReplaced => "It replaced the first answer ({} moves).",
        }
    }

    /// Simplified Chinese.
    pub(super) fn zh(self) -> &'static str {
        use Solving::*;
        match self {
            Status => "状态",
            StatusReady => "就绪",
            StatusSolving => "求解中…",
            StatusSolved => "已求解",
            StatusUnsolvable => "无解",
            StatusLimit => "已达上限而停止",
            StatusCancelled => "已取消",
            StatusError => "错误",
            ProgressNodes => "已扩展 {} 个节点，生成 {} 个 · {}",
            ProgressWaiting => "等待中：求解器先完成对比中正在运行的这一组",
            ProgressBuilding => "正在构建模式数据库… {}% · {}",
            ProgressImproving => "正在改进：目前最好 {} 步 · 已扩展 {} 个节点 · {}",
            ProgressImprovingBuilding => {
                "正在改进：目前最好 {} 步；正在构建求更短解所需的模式数据库… {}% · {}"
            }
            ProgressFirstBuilding => {
                "已得到第一个解（{}）；正在构建求最短解所需的模式数据库… {}% · {}"
            }
            ProgressFirstSearching => "已得到第一个解（{}）；正在搜索最短解：已扩展 {} 个节点 · {}",
            BuildingPdb => "正在构建模式数据库",
            BuildNote => "每个浏览器只构建一次：之后访问会从缓存读取。“取消”可停止构建。",
            TablesBuilding => {
                "正在后台准备 5x5 模式数据库（{}%）：准备好之后，5x5 求解会用它们得到更短的解答。"
            }
            SolutionLength => "解：{} 步",
            SolutionLengthOne => "解：{} 步",
            Dismiss => "关闭",
            DismissMessage => "关闭这条消息",
            NoticeCancelled => "已取消：搜索已停止，求解器已重启，可以开始下一次运行。",
            SolvedShortest => "已求解：{}，是最短解。",
            SolvedNoGuarantee => "已求解：{}；{}不保证得到最短解。",
            SolvedInadmissible => "已求解：{}；启发函数 {} 可能高估，所以{}不保证得到最短解。",
            SolvedWithin => "已求解：{}，不超过最短解的 {} 倍（加权 A*，w = {}）。",
            SolvedNoBound => "已求解：{}，长度没有保证（加权 A*，启发函数 {} 可能高估）。",
            SolvedStaged => "已求解：{}，由分步求解器得到（逐行放好方块，再在你观看时缩短路径）。",
            ImprovementCancelled => "改进已取消：这是到那时找到的最好的解。",
            FirstAnswerWithin => "{} 步，最多比最短解长 {}%",
            FirstAnswerShortest => "{} 步，已是最短解",
            FirstAnswerMoves => "{} 步",
            FirstAnswerKept => "求最短解的搜索已停止：这是第一个解。",
            FirstAnswerReplaced => "它取代了先前的第一个解（{} 步）。",
        }
    }
}
