//! The page around the panels: its title and footer, the update notice, the puzzle view's captions, and the
//! lessons' own words (contents, section links, scoring).

use super::words;

words! {
    /// Words of the page and the lessons.
    Page {
        AppName,
        Tagline,
        PuzzleView,
        Footer,
        UpdateReady,
        UpdateReload,
        UpdateSwitching,
        ViewHandPlay,
        ViewEditingGoal,
        ViewEditingStart,
        ViewSolutionAt,
        Goal,
        Start,
        PreviewTitle,
        Lessons,
        LessonsTitle,
        LessonsContents,
        LessonsInThisLesson,
        LessonsBackToLab,
        /// A lab panel's link to the lesson section that explains it.
        LearnLink,
        LessonSectionLink,
        LessonSectionEmbed,
        LessonOpenInLab,
        LessonOpenInLabTitle,
        LessonComputing,
        LessonCheck,
        LessonScore,
        LessonRight,
        LessonWrong,
    }
}

impl Page {
    /// English.
    pub(super) fn en(self) -> &'static str {
        use Page::*;
        match self {
            AppName => "Puzzle Lab",
            Tagline => "Sliding puzzles and Tower of Hanoi, solved in your browser",
            PuzzleView => "Puzzle view",
            Footer => "The solver runs in a Web Worker; Cancel stops it at once. Every change is in the address bar, so a link reopens this puzzle.",
            UpdateReady => "A new version of Puzzle Lab is ready. Reloading switches to it; this puzzle stays in the address bar.",
            UpdateReload => "Reload",
            UpdateSwitching => "Switching…",
            ViewHandPlay => "Playing from the start",
            ViewEditingGoal => "Editing the goal",
            ViewEditingStart => "Editing the start",
            ViewSolutionAt => "Solution: after move {} of {}",
            Goal => "Goal",
            Start => "Start",
            PreviewTitle => "{}: click to edit it",
            Lessons => "Lessons",
            LessonsTitle => "Lessons: search, one idea at a time",
            LessonsContents => "Contents",
            LessonsInThisLesson => "In this lesson",
            LessonsBackToLab => "Open the lab",
            LearnLink => "Learn what this shows ↗",
            LessonSectionLink => "Link to this section",
            LessonSectionEmbed => "Embed this section",
            LessonOpenInLab => "Open in the lab",
            LessonOpenInLabTitle => "The full app on this puzzle and algorithm",
            LessonComputing => "computing…",
            LessonCheck => "Check",
            LessonScore => "Score: {} of {}",
            LessonRight => "Right.",
            LessonWrong => "Not quite.",
        }
    }

    /// Simplified Chinese.
    pub(super) fn zh(self) -> &'static str {
        use Page::*;
        match self {
            AppName => "解谜实验室",
            Tagline => "滑块拼图与汉诺塔，在浏览器中求解",
            PuzzleView => "谜题视图",
            Footer => "求解器在 Web Worker 中运行，“取消”会立即停止它。每次修改都会写入地址栏，因此链接可以重新打开这道谜题。",
            UpdateReady => "解谜实验室的新版本已就绪。重新加载即可切换；这道谜题保留在地址栏中。",
            UpdateReload => "重新加载",
            UpdateSwitching => "正在切换…",
            ViewHandPlay => "从起点开始游玩",
            ViewEditingGoal => "正在编辑目标",
            ViewEditingStart => "正在编辑起点",
            ViewSolutionAt => "解：第 {} 步（共 {} 步）之后",
            Goal => "目标",
            Start => "起点",
            PreviewTitle => "{}：点击进行编辑",
            Lessons => "课程",
            LessonsTitle => "课程：一次讲清一个搜索概念",
            LessonsContents => "目录",
            LessonsInThisLesson => "本课内容",
            LessonsBackToLab => "打开实验室",
            LearnLink => "了解这里显示的内容 ↗",
            LessonSectionLink => "本节链接",
            LessonSectionEmbed => "嵌入本节",
            LessonOpenInLab => "在实验室中打开",
            LessonOpenInLabTitle => "用完整的应用打开这道题和这个算法",
            LessonComputing => "计算中…",
            LessonCheck => "检查",
            LessonScore => "得分：{} / {}",
            LessonRight => "答对了。",
            LessonWrong => "不对。",
        }
    }
}
