//! The UI's words in English and Simplified Chinese: one key per message, one table function per language.
//!
//! Components never hard-code text: they read the page's [`Lang`] with [`use_lang`] and look words up with
//! [`Lang::t`] (fixed text) or [`Lang::fill`] (text with `{}` slots, filled in order). Adding a key to [`Msg`] makes
//! both `en` and `zh` fail to compile until the key has a translation in each, so no language can miss one.
//! Option *values* stay the CLI names; only their visible text is translated.

use solver::{Algorithm, HeuristicName};
use std::fmt::Display;
use yew::prelude::*;

/// Where the chosen language is remembered.
pub const STORAGE_KEY: &str = "puzzle-lab.lang";

/// A language of the interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    Zh,
}

impl Lang {
    /// Every language, in the order the switch lists them.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Zh];

    /// The code used in the switch's option values and in local storage.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }

    /// The value of `<html lang>` (a BCP 47 tag, so screen readers pick the right voice).
    pub fn html_lang(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh-Hans",
        }
    }

    /// The language named by `code` (`en`, `zh`, or a longer tag such as `zh-CN`), if it is one of ours.
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The language's name in itself, for the switch.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Zh => "简体中文",
        }
    }

    /// The text of `key` in this language.
    pub fn t(self, key: Msg) -> &'static str {
        match self {
            Lang::En => en(key),
            Lang::Zh => zh(key),
        }
    }

    /// An algorithm's name in the menus and the statistics (the option values stay the CLI names).
    pub fn algorithm(self, a: Algorithm) -> &'static str {
        self.t(match a {
            Algorithm::Bfs => Msg::AlgBfs,
            Algorithm::Bibfs => Msg::AlgBibfs,
            Algorithm::Dfs => Msg::AlgDfs,
            Algorithm::Astar => Msg::AlgAstar,
            Algorithm::Idastar => Msg::AlgIdastar,
            Algorithm::Greedy => Msg::AlgGreedy,
            Algorithm::Weighted => Msg::AlgWeighted,
            Algorithm::Direct => Msg::AlgDirect,
        })
    }

    /// A heuristic's name in the menu.
    pub fn heuristic(self, h: HeuristicName) -> &'static str {
        self.t(match h {
            HeuristicName::Misplaced => Msg::HeurMisplaced,
            HeuristicName::Manhattan => Msg::HeurManhattan,
            HeuristicName::LinearConflict => Msg::HeurLinearConflict,
            HeuristicName::Pdb => Msg::HeurPdb,
            HeuristicName::Exact => Msg::HeurExact,
            HeuristicName::SeedPower => Msg::HeurSeedPower,
        })
    }

    /// The text of `key` with each `{}` replaced by the next of `args` (missing arguments leave the slot empty).
    pub fn fill(self, key: Msg, args: &[&dyn Display]) -> String {
        fill(self.t(key), args)
    }
}

/// Replaces each `{}` of `template` with the next argument.
pub fn fill(template: &str, args: &[&dyn Display]) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(template.len() + 8 * args.len());
    let mut args = args.iter();
    let mut parts = template.split("{}");
    if let Some(first) = parts.next() {
        out.push_str(first);
    }
    for part in parts {
        if let Some(arg) = args.next() {
            let _ = write!(out, "{arg}");
        }
        out.push_str(part);
    }
    out
}

/// A template whose `{}` slots are filled with markup (a number in `<strong>`, say), in order.
pub fn fill_html(template: &str, parts: Vec<Html>) -> Html {
    let mut parts = parts.into_iter();
    let mut pieces = template.split("{}");
    let first = pieces.next().unwrap_or_default().to_string();
    let rest: Vec<Html> = pieces
        .map(|text| {
            let part = parts.next().unwrap_or_default();
            html! { <>{ part }{ text.to_string() }</> }
        })
        .collect();
    html! { <>{ first }{ for rest }</> }
}

/// The page's language, provided by the app with `ContextProvider<Lang>` (English outside one, e.g. in tests).
#[hook]
pub fn use_lang() -> Lang {
    use_context::<Lang>().unwrap_or_default()
}

/// The language remembered in local storage, or English.
pub fn remembered() -> Lang {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .and_then(|s| s.get_item(STORAGE_KEY).ok().flatten())
        .and_then(|code| Lang::from_code(&code))
        .unwrap_or_default()
}

/// Remembers `lang` in local storage (when the browser allows it) and sets `<html lang>`.
pub fn apply(lang: Lang) {
    let Some(window) = web_sys::window() else {
        return;
    };
    if let Ok(Some(storage)) = window.local_storage() {
        // Private modes may refuse storage; the choice then lasts for this page only.
        let _ = storage.set_item(STORAGE_KEY, lang.code());
    }
    if let Some(root) = window.document().and_then(|d| d.document_element()) {
        let _ = root.set_attribute("lang", lang.html_lang());
    }
}

macro_rules! messages {
    ($($(#[$doc:meta])* $key:ident),* $(,)?) => {
        /// A piece of UI text. Its translations are in `en` and `zh`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Msg {
            $($(#[$doc])* $key),*
        }

        impl Msg {
            /// Every key, for tests that check both tables.
            pub const ALL: &'static [Msg] = &[$(Msg::$key),*];
        }
    };
}

messages! {
    // The language switch.
    Language,
    // Play with hints.
    Hint,
    HintTitle,
    HintMove,
    MovesLeft,
    MovesLeftOne,
    HintThinking,
    HintUnavailable,
    HintAtGoal,
    PlayTools,
    Undo,
    Redo,
    SolveFromHere,
    SolveFromHereTitle,
    YouMoves,
    OptimalMoves,
    OptimalUnknown,
    PlayHelp,
    AnnounceTile,
    AnnounceDisk,
    AnnounceGoal,
    TileLabel,
    BlankLabel,
    SolvedByHand,
    AlgBfs,
    AlgBibfs,
    AlgDfs,
    AlgAstar,
    AlgIdastar,
    AlgGreedy,
    AlgWeighted,
    AlgDirect,
    HeurMisplaced,
    HeurManhattan,
    HeurLinearConflict,
    HeurPdb,
    HeurExact,
    HeurSeedPower,
    AppName,
    Tagline,
    Share,
    ShareTitle,
    PuzzleView,
    Footer,
    ViewPlaying,
    ViewEditingGoal,
    ViewEditingStart,
    ViewSolutionAt,
    Goal,
    Start,
    Puzzle,
    Kind,
    SlidingPuzzle,
    TowerOfHanoi,
    Size,
    SizeOption,
    Square,
    Rectangle,
    Pegs,
    Disks,
    Mode,
    SetUp,
    PlayMode,
    EditGoal,
    Shuffle,
    ShuffleSlidingTitle,
    ShuffleHanoiTitle,
    Scramble,
    ScrambleTitle,
    ScrambleMoves,
    MovesUnit,
    HelpPlaySliding,
    HelpPlayHanoi,
    HelpSetupSliding,
    HelpSetupHanoi,
    Solver,
    Algorithm,
    Heuristic,
    NoHeuristicTitle,
    StateBudget,
    StateBudgetTitle,
    DepthBound,
    Solve,
    SolvingButton,
    Cancel,
    NoteNoSearch,
    NoteBounded,
    NoteNotOptimal,
    Status,
    StatusReady,
    StatusSolving,
    StatusSolved,
    StatusUnsolvable,
    StatusLimit,
    StatusCancelled,
    StatusError,
    ProgressNodes,
    ProgressBuilding,
    BuildingPdb,
    BuildNote,
    SolutionLength,
    SolutionLengthOne,
    Dismiss,
    DismissMessage,
    ShareLink,
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
    Pause,
    Replay,
    PlayAnimation,
    StepBack,
    StepForward,
    NoSolutionYet,
    MoveOf,
    ScrubberLabel,
    Speed,
    SpeedLabel,
    PegLabel,
    PreviewTitle,
    Moves,
    MovesEmpty,
    EarlierMoves,
    MoreMoves,
    Solvable,
    UnsolvableWhy,
    Odd,
    Even,
    DiskLabel,
    PlayHelpHanoiKeys,
    // Notices from the reducer (state.rs).
    NoticeCancelled,
    NoticeLinkCopied,
    NoticeCopyByHand,
    NoticeBadLink,
    NoticeSolverStart,
}

/// English.
fn en(key: Msg) -> &'static str {
    use Msg::*;
    match key {
        Language => "Language",
        Hint => "Hint",
        HintTitle => "Show the best next move and how many moves are left",
        HintMove => "Best next move: {}",
        MovesLeft => "{} moves left",
        MovesLeftOne => "1 move left",
        HintThinking => "Thinking…",
        HintUnavailable => "No hint: {}",
        HintAtGoal => "Solved: you reached the goal.",
        PlayTools => "Play tools",
        Undo => "Undo",
        Redo => "Redo",
        SolveFromHere => "Solve from here",
        SolveFromHereTitle => "Make the current position the start and solve it",
        YouMoves => "you: {} moves",
        OptimalMoves => "optimal: {}",
        OptimalUnknown => "optimal: …",
        PlayHelp => "Enter or Space on a tile next to the blank slides it.",
        AnnounceTile => "Tile {} moved to row {}, column {}. {} moves.",
        AnnounceDisk => "Disk {} moved to peg {}. {} moves.",
        AnnounceGoal => "Goal reached in {} moves.",
        TileLabel => "tile {}, row {}, column {}",
        BlankLabel => "blank, row {}, column {}",
        SolvedByHand => "Solved by hand in {} moves! Press Solve to compare with the shortest solution.",
        AlgBfs => "Breadth-first search",
        AlgBibfs => "Bidirectional BFS",
        AlgDfs => "Depth-bounded DFS",
        AlgAstar => "A*",
        AlgIdastar => "IDA*",
        AlgGreedy => "Greedy best-first",
        AlgWeighted => "Weighted A*",
        AlgDirect => "Direct",
        HeurMisplaced => "Misplaced",
        HeurManhattan => "Manhattan distance",
        HeurLinearConflict => "Manhattan + linear conflict",
        HeurPdb => "Pattern databases (4x4)",
        HeurExact => "Exact (3 pegs) / lower bound",
        HeurSeedPower => "Seed power 2^(k+1)-1 (inadmissible)",
        AppName => "Puzzle Lab",
        Tagline => "Sliding puzzles and Tower of Hanoi, solved in your browser",
        Share => "Share",
        ShareTitle => "Copy a link that opens this exact puzzle",
        PuzzleView => "Puzzle view",
        Footer => "The solver runs in a Web Worker; Cancel stops it at once. Every change is in the address bar, so a link reopens this puzzle.",
        ViewPlaying => "Playing from the start",
        ViewEditingGoal => "Editing the goal",
        ViewEditingStart => "Editing the start",
        ViewSolutionAt => "Solution: after move {} of {}",
        Goal => "Goal",
        Start => "Start",
        Puzzle => "Puzzle",
        Kind => "Kind",
        SlidingPuzzle => "Sliding puzzle",
        TowerOfHanoi => "Tower of Hanoi",
        Size => "Size",
        SizeOption => "{} ({} tiles)",
        Square => "Square",
        Rectangle => "Rectangle",
        Pegs => "Pegs",
        Disks => "Disks",
        Mode => "Mode",
        SetUp => "Set up",
        PlayMode => "Play",
        EditGoal => "Edit goal",
        Shuffle => "Shuffle",
        ShuffleSlidingTitle => "A uniformly random solvable arrangement",
        ShuffleHanoiTitle => "A uniformly random legal position",
        Scramble => "Scramble",
        ScrambleTitle => "Random moves away from the other position: an easy puzzle",
        ScrambleMoves => "Number of random moves",
        MovesUnit => "moves",
        HelpPlaySliding => "Play: click or tap a tile next to the blank, or use the arrow keys.",
        HelpPlayHanoi => "Play: drag a top disk onto a peg whose top disk is larger (or an empty peg).",
        HelpSetupSliding => "Set up: drag a tile onto another cell to swap the two.",
        HelpSetupHanoi => "Set up: drag any disk to any peg; it settles in its place by size.",
        Solver => "Solver",
        Algorithm => "Algorithm",
        Heuristic => "Heuristic",
        NoHeuristicTitle => "This algorithm uses no heuristic",
        StateBudget => "State budget",
        StateBudgetTitle => "The most states a search may hold; a big budget takes a lot of memory",
        DepthBound => "Depth bound",
        Solve => "Solve",
        SolvingButton => "Solving…",
        Cancel => "Cancel",
        NoteNoSearch => " (no search)",
        NoteBounded => " (bounded, not optimal)",
        NoteNotOptimal => " (not optimal)",
        Status => "Status",
        StatusReady => "Ready",
        StatusSolving => "Solving…",
        StatusSolved => "Solved",
        StatusUnsolvable => "Unsolvable",
        StatusLimit => "Stopped at the limit",
        StatusCancelled => "Cancelled",
        StatusError => "Error",
        ProgressNodes => "{} nodes expanded, {} generated · {}",
        ProgressBuilding => "Building pattern databases… {}% · {}",
        BuildingPdb => "Building pattern databases",
        BuildNote => "Built once per browser: later visits read them from its cache. Cancel stops the build.",
        SolutionLength => "Solution: {} moves",
        SolutionLengthOne => "Solution: {} move",
        Dismiss => "Dismiss",
        DismissMessage => "Dismiss the message",
        ShareLink => "Link to this puzzle",
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
        Pause => "Pause",
        Replay => "Replay",
        PlayAnimation => "Play",
        StepBack => "Step back",
        StepForward => "Step forward",
        NoSolutionYet => "No solution yet",
        MoveOf => "Move {} of {}",
        ScrubberLabel => "Position in the solution",
        Speed => "Speed",
        SpeedLabel => "Animation speed (right is faster)",
        PegLabel => "peg {}",
        PreviewTitle => "{}: click to edit it",
        Moves => "Moves",
        MovesEmpty => "The solution's moves appear here, in words.",
        EarlierMoves => "… {} earlier moves",
        MoreMoves => "… {} more moves",
        Solvable => "✓ solvable",
        UnsolvableWhy => "✗ unsolvable: {} tile permutation, but the blank is an {} distance from its goal cell",
        Odd => "odd",
        Even => "even",
        DiskLabel => "disk {} on peg {}",
        PlayHelpHanoiKeys => "Keys: press a peg's letter or number to pick up its top disk, then another peg's to drop it.",
        NoticeCancelled => "Cancelled: the search was stopped and the solver restarted, ready for the next run.",
        NoticeLinkCopied => "Link copied to the clipboard: it opens this exact puzzle.",
        NoticeCopyByHand => "Copy the link below by hand (the clipboard is not available here: {}).",
        NoticeBadLink => "This link could not be read: {}. Showing a shuffled 8-puzzle instead.",
        NoticeSolverStart => "The solver could not start: {}.",
    }
}

/// Simplified Chinese.
fn zh(key: Msg) -> &'static str {
    use Msg::*;
    match key {
        Language => "语言",
        Hint => "提示",
        HintTitle => "显示最佳的下一步以及还剩几步",
        HintMove => "最佳下一步：{}",
        MovesLeft => "还剩 {} 步",
        MovesLeftOne => "还剩 1 步",
        HintThinking => "计算中…",
        HintUnavailable => "无法提示：{}",
        HintAtGoal => "已完成：到达目标。",
        PlayTools => "游戏工具",
        Undo => "撤销",
        Redo => "重做",
        SolveFromHere => "从这里求解",
        SolveFromHereTitle => "把当前局面设为起点并求解",
        YouMoves => "你：{} 步",
        OptimalMoves => "最优：{}",
        OptimalUnknown => "最优：…",
        PlayHelp => "在空格旁的方块上按 Enter 或空格键即可移动它。",
        AnnounceTile => "方块 {} 移到第 {} 行第 {} 列。共 {} 步。",
        AnnounceDisk => "圆盘 {} 移到柱 {}。共 {} 步。",
        AnnounceGoal => "用 {} 步到达目标。",
        TileLabel => "方块 {}，第 {} 行，第 {} 列",
        BlankLabel => "空格，第 {} 行，第 {} 列",
        SolvedByHand => "你用 {} 步完成了！点击“求解”与最短解比较。",
        AlgBfs => "广度优先搜索",
        AlgBibfs => "双向广度优先搜索",
        AlgDfs => "有深度上限的深度优先搜索",
        AlgAstar => "A*",
        AlgIdastar => "IDA*",
        AlgGreedy => "贪心最佳优先搜索",
        AlgWeighted => "加权 A*",
        AlgDirect => "直接求解",
        HeurMisplaced => "错位数",
        HeurManhattan => "曼哈顿距离",
        HeurLinearConflict => "曼哈顿距离 + 线性冲突",
        HeurPdb => "模式数据库（4x4）",
        HeurExact => "精确值（3 柱）/ 下界",
        HeurSeedPower => "种子文章的 2^(k+1)-1（不可采纳）",
        AppName => "解谜实验室",
        Tagline => "滑块拼图与汉诺塔，在浏览器中求解",
        Share => "分享",
        ShareTitle => "复制一个能打开这道谜题的链接",
        PuzzleView => "谜题视图",
        Footer => "求解器在 Web Worker 中运行，“取消”会立即停止它。每次修改都会写入地址栏，因此链接可以重新打开这道谜题。",
        ViewPlaying => "从起点开始游玩",
        ViewEditingGoal => "正在编辑目标",
        ViewEditingStart => "正在编辑起点",
        ViewSolutionAt => "解：第 {} 步（共 {} 步）之后",
        Goal => "目标",
        Start => "起点",
        Puzzle => "谜题",
        Kind => "类型",
        SlidingPuzzle => "滑块拼图",
        TowerOfHanoi => "汉诺塔",
        Size => "尺寸",
        SizeOption => "{}（{} 个方块）",
        Square => "正方形",
        Rectangle => "长方形",
        Pegs => "柱数",
        Disks => "圆盘数",
        Mode => "模式",
        SetUp => "设置",
        PlayMode => "游玩",
        EditGoal => "编辑目标",
        Shuffle => "打乱",
        ShuffleSlidingTitle => "均匀随机的可解排列",
        ShuffleHanoiTitle => "均匀随机的合法局面",
        Scramble => "随机走步",
        ScrambleTitle => "从另一个局面随机走若干步：一道简单的题",
        ScrambleMoves => "随机步数",
        MovesUnit => "步",
        HelpPlaySliding => "游玩：点击或轻触空格旁的方块，或使用方向键。",
        HelpPlayHanoi => "游玩：把顶部圆盘拖到顶部圆盘更大的柱子上（或空柱上）。",
        HelpSetupSliding => "设置：把方块拖到另一个格子上即可交换两者。",
        HelpSetupHanoi => "设置：把任意圆盘拖到任意柱子上，它会按大小落到自己的位置。",
        Solver => "求解器",
        Algorithm => "算法",
        Heuristic => "启发函数",
        NoHeuristicTitle => "该算法不使用启发函数",
        StateBudget => "状态上限",
        StateBudgetTitle => "一次搜索最多可保存的状态数；上限越大，占用内存越多",
        DepthBound => "深度上限",
        Solve => "求解",
        SolvingButton => "求解中…",
        Cancel => "取消",
        NoteNoSearch => "（不搜索）",
        NoteBounded => "（有界，非最优）",
        NoteNotOptimal => "（非最优）",
        Status => "状态",
        StatusReady => "就绪",
        StatusSolving => "求解中…",
        StatusSolved => "已求解",
        StatusUnsolvable => "无解",
        StatusLimit => "已达上限而停止",
        StatusCancelled => "已取消",
        StatusError => "错误",
        ProgressNodes => "已扩展 {} 个节点，生成 {} 个 · {}",
        ProgressBuilding => "正在构建模式数据库… {}% · {}",
        BuildingPdb => "正在构建模式数据库",
        BuildNote => "每个浏览器只构建一次：之后访问会从缓存读取。“取消”可停止构建。",
        SolutionLength => "解：{} 步",
        SolutionLengthOne => "解：{} 步",
        Dismiss => "关闭",
        DismissMessage => "关闭这条消息",
        ShareLink => "这道谜题的链接",
        Statistics => "统计",
        StatsEmpty => "求解后可看到各项数据：扩展与生成的节点数、最大 OPEN 表、CLOSED 表、内存和时间。",
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
        Pause => "暂停",
        Replay => "重播",
        PlayAnimation => "播放",
        StepBack => "后退一步",
        StepForward => "前进一步",
        NoSolutionYet => "尚无解",
        MoveOf => "第 {} 步，共 {} 步",
        ScrubberLabel => "在解中的位置",
        Speed => "速度",
        SpeedLabel => "动画速度（越往右越快）",
        PegLabel => "柱 {}",
        PreviewTitle => "{}：点击进行编辑",
        Moves => "走法",
        MovesEmpty => "解的每一步会以文字显示在这里。",
        EarlierMoves => "… 前面还有 {} 步",
        MoreMoves => "… 后面还有 {} 步",
        Solvable => "✓ 可解",
        UnsolvableWhy => "✗ 无解：方块排列为{}排列，但空格到目标格的距离为{}数",
        Odd => "奇",
        Even => "偶",
        DiskLabel => "圆盘 {}，在柱 {} 上",
        PlayHelpHanoiKeys => "按键：按柱子的字母或数字拿起其顶部圆盘，再按另一根柱子的字母或数字放下。",
        NoticeCancelled => "已取消：搜索已停止，求解器已重启，可以开始下一次运行。",
        NoticeLinkCopied => "链接已复制到剪贴板：它会打开这个谜题的当前局面。",
        NoticeCopyByHand => "请手动复制下面的链接（此处无法使用剪贴板：{}）。",
        NoticeBadLink => "无法读取此链接：{}。改为显示一个随机打乱的 8 数码。",
        NoticeSolverStart => "求解器无法启动：{}。",
    }
}

/// Keys whose text is rightly the same in both languages (technical names such as "OPEN"), exempt from the
/// untranslated-text test.
pub const SAME_IN_BOTH: &[Msg] = &[Msg::AlgAstar, Msg::AlgIdastar];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_has_text_in_every_language_with_the_same_slots() {
        for &key in Msg::ALL {
            let slots = Lang::En.t(key).matches("{}").count();
            for lang in Lang::ALL {
                let text = lang.t(key);
                assert!(!text.trim().is_empty(), "{key:?} is empty in {lang:?}");
                assert_eq!(
                    text.matches("{}").count(),
                    slots,
                    "{key:?} in {lang:?} has other slots than English"
                );
            }
        }
    }

    #[test]
    fn chinese_is_not_a_copy_of_english() {
        let same: Vec<_> = Msg::ALL
            .iter()
            .filter(|&&k| Lang::En.t(k) == Lang::Zh.t(k) && !SAME_IN_BOTH.contains(&k))
            .collect();
        assert!(same.is_empty(), "untranslated keys: {same:?}");
    }

    #[test]
    fn fill_puts_arguments_in_order_and_tolerates_missing_ones() {
        assert_eq!(fill("a {} b {} c", &[&1, &"x"]), "a 1 b x c");
        assert_eq!(fill("{} left", &[]), " left");
        assert_eq!(Lang::Zh.fill(Msg::MovesLeft, &[&19]), "还剩 19 步");
    }

    #[test]
    fn codes_round_trip_and_accept_regional_tags() {
        for lang in Lang::ALL {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
        }
        assert_eq!(Lang::from_code("zh-CN"), Some(Lang::Zh));
        assert_eq!(Lang::from_code("EN_us"), Some(Lang::En));
        assert_eq!(Lang::from_code("fr"), None);
        assert_eq!(Lang::from_code(""), None);
    }
}
