//! Why a run failed: the worker's failures, a solver that stopped or went silent, an answer the page cannot
//! replay, and why the heuristics could not be measured.

use super::{count, words, Arg, Text};
use crate::protocol::Failure;
use solver::truth::TruthError;

words! {
    /// Words of a failure.
    Failed {
        SolverError,
        SolverStart,
        UnreadableRequest,
        UnreadableResponse,
        NotText,
        Overlapping,
        Unencodable,
        NotRunning,
        Unreachable,
        NotLoaded,
        Crash,
        Silent,
        StoppedUnexpectedly,
        ReplayUnreadable,
        ReplayIllegal,
        ReplayOtherKind,
        ReplayNotAtGoal,
        TruthPathTooLong,
        TruthReplay,
        TruthTooManyDisks,
        TruthPuzzleRefused,
    }
}

impl Failed {
    /// English.
    pub(super) fn en(self) -> &'static str {
        use Failed::*;
        match self {
            SolverError => "The solver reported an error: {}",
            SolverStart => "The solver could not start: {}.",
            UnreadableRequest => "the solver could not read the page's request{}; the page and its solver may come from different versions: reload the page",
            UnreadableResponse => "the page could not read the solver's answer{}; the page and its solver may come from different versions: reload the page",
            NotText => "the solver was sent something that is not a request",
            Overlapping => "the solver was sent a request while another one waited: reload the page",
            Unencodable => "the solver could not encode its answer{}",
            NotRunning => "the solver is not running: reload the page",
            Unreachable => "the browser could not reach the solver{}",
            NotLoaded => "the solver could not load{}: check the connection and reload the page",
            Crash => "The solver stopped unexpectedly{}. It has been restarted: try again, or pick a smaller puzzle or another algorithm.",
            Silent => "The solver has not answered for {} s, so it was restarted. Try again, or pick a smaller puzzle or another algorithm.",
            StoppedUnexpectedly => "the solver stopped unexpectedly{}",
            ReplayUnreadable => "The solver's answer is unreadable: {}",
            ReplayIllegal => "The solver's move {} is illegal: {}",
            ReplayOtherKind => "The solver answered with moves of the other kind of puzzle.",
            ReplayNotAtGoal => "The solver's moves do not end at the goal; the solution is not shown.",
            TruthPathTooLong => "the solution has {} moves; heuristics are measured along solutions of up to {}",
            TruthReplay => "move {} of the solution cannot be played{}",
            TruthTooManyDisks => "a tower of {} disks: the heuristics are computed for towers of up to {} disks",
            TruthPuzzleRefused => "the solver refused this puzzle{}",
        }
    }

    /// Simplified Chinese.
    pub(super) fn zh(self) -> &'static str {
        use Failed::*;
        match self {
            SolverError => "求解器报告了一个错误：{}",
            SolverStart => "求解器无法启动：{}。",
            UnreadableRequest => {
                "求解器读不懂页面发来的请求{}；页面与求解器可能来自不同版本：请重新加载页面"
            }
            UnreadableResponse => {
                "页面读不懂求解器的回答{}；页面与求解器可能来自不同版本：请重新加载页面"
            }
            NotText => "求解器收到的不是请求",
            Overlapping => "求解器在另一个请求等待时又收到了请求：请重新加载页面",
            Unencodable => "求解器无法编码它的回答{}",
            NotRunning => "求解器没有在运行：请重新加载页面",
            Unreachable => "浏览器无法联系求解器{}",
            NotLoaded => "求解器无法加载{}：请检查网络连接并重新加载页面",
            Crash => "求解器意外停止{}。它已重新启动：请重试，或选择更小的谜题或其他算法。",
            Silent => {
                "求解器已经 {} 秒没有响应，因此已重新启动。请重试，或选择更小的谜题或其他算法。"
            }
            StoppedUnexpectedly => "求解器意外停止{}",
            ReplayUnreadable => "无法读取求解器的答案：{}",
            ReplayIllegal => "求解器的第 {} 步不合法：{}",
            ReplayOtherKind => "求解器给出的是另一种谜题的走法。",
            ReplayNotAtGoal => "求解器的走法没有到达目标，因此不显示该解。",
            TruthPathTooLong => "这个解有 {} 步；启发函数只沿不超过 {} 步的解测量",
            TruthReplay => "解的第 {} 步走不出来{}",
            TruthTooManyDisks => "这是 {} 个圆盘的塔：启发函数只对最多 {} 个圆盘的塔计算",
            TruthPuzzleRefused => "求解器不接受这个谜题{}",
        }
    }
}

impl Text {
    /// Why the worker could not hold the heuristics against the true distance, in the page's words.
    pub fn truth_error(error: &TruthError) -> Text {
        match error {
            TruthError::PathTooLong { moves } => Text::new(Failed::TruthPathTooLong)
                .arg(count(*moves as u64))
                .arg(count(solver::truth::MAX_PATH_MOVES as u64)),
            TruthError::Replay { index, why } => Text::new(Failed::TruthReplay)
                .arg(index + 1)
                .arg(Arg::English(format!(": {why}"))),
            TruthError::TooManyDisks { disks } => Text::new(Failed::TruthTooManyDisks)
                .arg(*disks)
                .arg(solver::hanoi::MAX_SEARCH_DISKS),
            TruthError::Puzzle(why) => {
                Text::new(Failed::TruthPuzzleRefused).arg(Arg::English(format!(": {why}")))
            }
        }
    }

    /// Why the worker could not run a request, in the page's words (the browser's or decoder's own detail only in
    /// English).
    pub fn failure(failure: &Failure) -> Text {
        let detail = Arg::detail;
        match failure {
            Failure::Unreadable { what, detail: d } if what == "request" => {
                Text::new(Failed::UnreadableRequest).arg(detail(d))
            }
            Failure::Unreadable { detail: d, .. } => {
                Text::new(Failed::UnreadableResponse).arg(detail(d))
            }
            Failure::NotText => Text::new(Failed::NotText),
            Failure::Overlapping => Text::new(Failed::Overlapping),
            Failure::Unencodable { detail: d } => Text::new(Failed::Unencodable).arg(detail(d)),
            Failure::NotRunning => Text::new(Failed::NotRunning),
            Failure::Unreachable { detail: d } => Text::new(Failed::Unreachable).arg(detail(d)),
            Failure::NotLoaded { detail: d } => Text::new(Failed::NotLoaded).arg(detail(d)),
        }
    }
}
