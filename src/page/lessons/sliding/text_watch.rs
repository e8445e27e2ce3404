//! The words of the sliding lesson's drawn searches ("drawn as they run", and IDA*'s iterations drawn), in English
//! and in Chinese: one key per sentence or label. `{}` slots take the numbers the figures compute, in order. Adding a key fails to compile until both
//! tables have it.

use crate::page::i18n::Lang;

/// A sentence or label of the section.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Line {
    Text,
    HowToRead,
    AtStep,
    Result,
    Scramble,
    FirstBoard,
    Heuristic,
    Running,
    Slide,
    BfsPicture,
    AstarPicture,
    Truncated,
    IdaDrawn,
    IdaAtStep,
    IdaResult,
    IdaAstarPicture,
    IdaPicture,
}

/// The text of `line` in `lang`.
pub fn t(lang: Lang, line: Line) -> &'static str {
    use Line::*;
    match (lang, line) {
        (Lang::En, Text) => "Watch BFS and A* search the same board, one expansion at a time. Each picture has one small cell for every state its search has reached, in bands by g, the number of moves from the start. Blue cells have been expanded (CLOSED); orange cells wait in OPEN; the cell in the text's own colour (the legend names all three) is the state expanded next, and its board is shown beside the bands with its g, h and f.",
        (Lang::Zh, Text) => "下面一次一个扩展地对照广度优先搜索和 A*：两种搜索解的是下面同一个局面。每幅图里，搜索到达过的每个状态占一个小格子，按 g（从起点走过的步数）分层排列。蓝色格子已经扩展（在 CLOSED 表中）；橙色格子在 OPEN 表中等待；与文字同色的格子（图例里三种都有说明）是下一个要扩展的状态，它的局面和 g、h、f 显示在分层图旁边。",
        (Lang::En, HowToRead) => "Move the slider. BFS fills its bands one after another: it expands every state at g = 3 before any at g = 4, because its OPEN is a queue. A* takes from OPEN the state of lowest f = g + h, so it goes deep along the states its heuristic ranks best and leaves most of each band empty. Slide a tile, scramble the board or pick another heuristic: both runs and every number follow.",
        (Lang::Zh, HowToRead) => "拖动滑块。广度优先搜索一层接一层地填满：g = 3 的状态全部扩展完，才会扩展 g = 4 的状态，因为它的 OPEN 表是一个队列。A* 每次从 OPEN 表中取出 f = g + h 最小的状态，所以它沿着启发函数认为最好的状态一路深入，每一层的大部分都空着。滑动一个方块、打乱局面或者换一个启发函数，两次搜索和所有数字都会随之更新。",
        (Lang::En, AtStep) => "After {} expansions, BFS holds {} states in OPEN and {} in CLOSED; A* holds {} in OPEN and {} in CLOSED.",
        (Lang::Zh, AtStep) => "扩展 {} 次之后，广度优先搜索的 OPEN 表中有 {} 个状态，CLOSED 表中有 {} 个；A* 的 OPEN 表中有 {} 个，CLOSED 表中有 {} 个。",
        (Lang::En, Result) => "On the board shown, BFS expanded {} states and found {} moves; A* expanded {} states and found {} moves.",
        (Lang::Zh, Result) => "在这个局面上，广度优先搜索扩展了 {} 个状态，解长 {} 步；A* 扩展了 {} 个状态，解长 {} 步。",
        (Lang::En, Scramble) => "Scramble",
        (Lang::Zh, Scramble) => "打乱",
        (Lang::En, FirstBoard) => "The first board",
        (Lang::Zh, FirstBoard) => "回到第一个局面",
        (Lang::En, Heuristic) => "A*'s heuristic",
        (Lang::Zh, Heuristic) => "A* 的启发函数",
        (Lang::En, Running) => "Searching…",
        (Lang::Zh, Running) => "正在搜索……",
        (Lang::En, Slide) => "Slide a tile beside the blank: a click, a drag, or Enter on it.",
        (Lang::Zh, Slide) => "把空格旁的方块滑进空格：点击、拖动，或在方块上按回车键。",
        (Lang::En, BfsPicture) => "BFS's search drawn in bands by g",
        (Lang::Zh, BfsPicture) => "按 g 分层画出的广度优先搜索",
        (Lang::En, AstarPicture) => "A*'s search drawn in bands by g",
        (Lang::Zh, AstarPicture) => "按 g 分层画出的 A* 搜索",
        (Lang::En, Truncated) => "This run is longer than the record keeps, so it is drawn up to where the record stops; scramble again for a board nearer the goal.",
        (Lang::En, IdaDrawn) => "Here IDA* and A* search a 3x3 board, drawn as they ran, in bands by g. Move the slider or walk IDA*'s code line by line. IDA*'s picture shows only its current iteration, since it keeps nothing from the one before but the new threshold: its blue cells are the states this iteration has expanded (one cell each, even for a state two paths reach and it expands twice), its orange ones the states waiting on its stack. Each time the threshold rises to the smallest f it cut, its bands empty and it starts again from the start, reaching a little deeper: that repeated work is what it pays for its small memory. Slide a tile or scramble the board, and both runs follow.",
        (Lang::Zh, IdaDrawn) => "这里 IDA* 和 A* 搜索同一个 3x3 局面，两次搜索都按实际运行的过程画出来，按 g 分层。拖动滑块，或者一行一行地走 IDA* 的代码。IDA* 的图只画当前这一轮迭代，因为除了新的阈值，它不保留上一轮的任何东西：蓝色格子是本轮已经扩展的状态（两条路径到达同一个状态时，它会被扩展两次，但只画一个格子），橙色格子是栈中等待的状态。阈值每次提高到上一轮被剪掉的最小 f，各层就清空，从起点重新开始，走得更深一点：这些重复的工作，就是它为节省内存付出的代价。滑动一个方块或者打乱局面，两次搜索都会随之更新。",
        (Lang::En, IdaAtStep) => "After {} expansions, A* holds {} states in OPEN and {} in CLOSED. IDA* is in iteration {} of {}, with threshold {}: {} states wait on its stack, and this iteration has made {} expansions.",
        (Lang::Zh, IdaAtStep) => "扩展 {} 次之后，A* 的 OPEN 表中有 {} 个状态，CLOSED 表中有 {} 个。IDA* 正在进行第 {} 轮迭代（共 {} 轮），阈值为 {}：栈中有 {} 个状态在等待，本轮已扩展 {} 次。",
        (Lang::En, IdaResult) => "A* expanded {} states and found {} moves; IDA* made {} expansions over all its iterations and found {} moves.",
        (Lang::Zh, IdaResult) => "A* 扩展了 {} 个状态，解长 {} 步；IDA* 在所有迭代中共扩展了 {} 次，解长 {} 步。",
        (Lang::En, IdaAstarPicture) => "A*'s search drawn in bands by g",
        (Lang::Zh, IdaAstarPicture) => "按 g 分层画出的 A* 搜索",
        (Lang::En, IdaPicture) => "IDA*'s current iteration drawn in bands by g",
        (Lang::Zh, IdaPicture) => "按 g 分层画出的 IDA* 当前迭代",
        (Lang::Zh, Truncated) => "这次运行比记录能保存的更长，所以只画到记录停止的地方；再打乱一次，换一个离目标更近的局面。",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_languages_have_every_line_with_the_same_slots() {
        use Line::*;
        for line in [
            Text,
            HowToRead,
            AtStep,
            Result,
            Scramble,
            FirstBoard,
            Heuristic,
            Running,
            Slide,
            BfsPicture,
            AstarPicture,
            Truncated,
            IdaDrawn,
            IdaAtStep,
            IdaResult,
            IdaAstarPicture,
            IdaPicture,
        ] {
            assert_eq!(
                t(Lang::En, line).matches("{}").count(),
                t(Lang::Zh, line).matches("{}").count(),
                "{line:?}"
            );
            assert_ne!(t(Lang::En, line), t(Lang::Zh, line), "{line:?}");
        }
    }
}
