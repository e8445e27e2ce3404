//! The Hanoi lesson's words, in English and in Chinese: one key per sentence or label, one table per language.
//! `{}` slots take the numbers the figures compute, in order, so a number in a sentence is never typed in here.
//! Adding a key fails to compile until both tables have it.

use crate::page::i18n::Lang;

/// A sentence or label of the Hanoi lesson.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Line {
    Title,
    Intro,
    StateTitle,
    StateText,
    StateCode,
    StateDisk,
    StateTry,
    StateArticle,
    GraphTitle,
    GraphText,
    GraphLayer,
    GraphStart,
    GraphAll,
    GraphPrev,
    GraphNext,
    GraphFull,
    RaceTitle,
    RaceText,
    RaceResult,
    RaceArticle,
    RaceDisks,
    RaceHeuristic,
    RaceBfs,
    RaceAstar,
    AdmTitle,
    AdmText,
    AdmShown,
    AdmOver,
    AdmNotOver,
    AdmFourText,
    AdmFourResult,
    AdmArticle,
    FourTitle,
    FourText,
    FourResult,
    FourProof,
    FourDisks,
    ExTitle,
    ExIntro,
    ExFewerQ,
    ExFewerAnswer,
    ExOverQ,
    ExOverAnswer,
    ExDistanceQ,
    ExDistanceLabel,
    ExDistanceAnswer,
    ExTie,
    ExPredictQ,
}

/// The text of `line` in `lang`.
pub fn t(lang: Lang, line: Line) -> &'static str {
    match lang {
        Lang::En => en(line),
        Lang::Zh => zh(line),
    }
}

/// English.
fn en(line: Line) -> &'static str {
    use Line::*;
    match line {
        Title => "Tower of Hanoi as a search problem",
        Intro => "The tower is usually taught as recursion. Here we treat it as a graph of states and let real searches run on it: every number on this page comes from the solver, computed as you read.",
        StateTitle => "A state is a peg per disk",
        StateText => "Write down, for each disk from the smallest, the peg it sits on. That list is the whole state: the order on a peg is forced, since a larger disk never lies on a smaller one. With three pegs the list is a number in base 3, so every state has a code from 0 to 3^n - 1.",
        StateCode => "The tower shown has the code {} (base-3 digits, largest disk first: {}).",
        StateDisk => "disk {} on peg {}",
        StateTry => "Drag a disk to another peg (or with the keyboard: Enter on a peg picks up its top disk, Enter on another puts it there): the code follows.",
        StateArticle => "The article the app grew from says the shortest solution is always 2^n - 1 moves. That holds only from one whole tower to another; from a mixed state it is usually shorter.",
        GraphTitle => "The state graph, layer by layer",
        GraphText => "Join two states when one move leads from one to the other. For three pegs the graph is a Sierpinski triangle: the three whole towers are its corners. Breadth-first search explores it in layers, all states one move away, then two, and so on.",
        GraphLayer => "Layer {}: the states {} moves from the start. Expanded in this layer: {}; so far: {} of {} states.",
        GraphStart => "Press the buttons to grow BFS's layers one at a time.",
        GraphAll => "Whole search",
        GraphPrev => "Previous layer",
        GraphNext => "Next layer",
        GraphFull => "The whole run: BFS expanded {} states and found the {}-move path drawn in the triangle.",
        RaceTitle => "BFS against A*",
        RaceText => "BFS treats every state alike. A* ranks states by f = g + h: the moves made so far plus a heuristic's estimate of the moves still needed. Both run on the same tower below; the counts are the runs' own statistics.",
        RaceResult => "BFS expanded {} states and found {} moves; A* expanded {} states and found {} moves.",
        RaceArticle => "The article claims that for five disks A* “usually needs only a few hundred nodes”. The whole graph has {} states, so that would save nothing; the real run above is the answer.",
        RaceDisks => "Disks",
        RaceHeuristic => "A*'s heuristic",
        RaceBfs => "BFS",
        RaceAstar => "A*",
        AdmTitle => "When a heuristic overestimates",
        AdmText => "A* returns a shortest path when its heuristic never overestimates the moves still needed: it is admissible. The article's heuristic takes the largest disk k not on its goal peg and says 2^(k+1) - 1 moves remain. That is too much when the smaller disks are already out of the way.",
        AdmShown => "For the tower shown, the heuristic says h = {}, and a BFS finds the true distance: {} moves.",
        AdmOver => "Here h overestimates by {} moves.",
        AdmNotOver => "Here h does not overestimate. Move the disks and look again.",
        AdmFourText => "An overestimate can cost the answer. On four pegs, from the start below to the tower on peg D, A* with this heuristic and BFS solve the same puzzle:",
        AdmFourResult => "A* with 2^(k+1) - 1 returns {} moves; BFS finds {} moves.",
        AdmArticle => "The article calls this heuristic admissible. It is not: the figures above show both the overestimate and a longer path.",
        FourTitle => "Four pegs and Frame–Stewart",
        FourText => "With a fourth peg, big towers need far fewer moves. The Frame–Stewart method moves the top disks aside onto a spare peg using all the pegs, then the rest with three, then the top disks back; it tries every split and keeps the best. The solver's direct method computes that split.",
        FourResult => "With {} disks: three pegs take {} moves, four pegs {}. BFS over all {} four-peg states finds {} moves.",
        FourProof => "For four pegs the Frame–Stewart count was proved to be the shortest (Bousch, 2014); for five pegs or more it is still a conjecture.",
        FourDisks => "Disks",
        ExTitle => "Exercises",
        ExIntro => "Answer, then let the engine check. Each answer is scored once.",
        ExFewerQ => "Five disks: the largest on peg A, the others already on peg C, where all must go. Which expands fewer states: BFS, or A* counting the disks off their goal peg?",
        ExFewerAnswer => "BFS expanded {} states, A* {}.",
        ExOverQ => "Set up a tower where the heuristic 2^(k+1) - 1 overestimates the moves to the goal (every disk on peg C), then press Check.",
        ExOverAnswer => "The heuristic says {}; the true distance is {}.",
        ExDistanceQ => "How many moves does the shortest solution take from the tower below to the tower on peg C?",
        ExDistanceLabel => "Moves",
        ExDistanceAnswer => "The shortest solution takes {} moves.",
        ExTie => "Both",
        ExPredictQ => "Three disks from peg A to peg C, searched by A* counting the disks off their goal peg. At each step, predict which node of OPEN A* expands next: the lowest f = g + h, and when several tie, the engine's tie-break decides. The first pick is scored.",
    }
}

/// Chinese: written for a Chinese classroom, not word for word.
fn zh(line: Line) -> &'static str {
    use Line::*;
    match line {
        Title => "把汉诺塔看成搜索问题",
        Intro => "汉诺塔通常被当作递归的例题。这里我们换个角度：把它看成一张由状态组成的图，让真正的搜索算法在上面运行。本页的每个数字都由求解器在你阅读时现场算出。",
        StateTitle => "状态：每个盘子在哪根柱子上",
        StateText => "从最小的盘子开始，依次记下每个盘子所在的柱子，这串数字就完整描述了一个状态。同一根柱子上的盘子顺序是确定的，因为大盘永远不能压在小盘上。三根柱子时，这串数字就是一个三进制数，所以每个状态都对应 0 到 3^n - 1 之间的一个编码。",
        StateCode => "图中这座塔的编码是 {}（三进制各位，从最大的盘子写起：{}）。",
        StateDisk => "{} 号盘在 {} 柱",
        StateTry => "把盘子拖到另一根柱子上（也可以用键盘：在柱子上按回车键拿起最上面的盘子，再到另一根柱子上按回车键放下），编码会随之改变。",
        StateArticle => "本应用所依据的原文说，最短解总是 2^n - 1 步。其实只有从一整座塔移到另一整座塔时才是这样；从盘子分散的状态出发，通常要少得多。",
        GraphTitle => "状态图：一层一层地展开",
        GraphText => "如果一步就能从一个状态走到另一个状态，就在两者之间连一条边。三根柱子时，这张图是一个谢尔宾斯基三角形，三座完整的塔正好是它的三个顶点。广度优先搜索按层探索：先是一步可达的所有状态，再是两步可达的，依此类推。",
        GraphLayer => "第 {} 层：离起点 {} 步的状态。本层扩展了 {} 个；到目前为止共 {} 个，全图共 {} 个状态。",
        GraphStart => "点击按钮，让广度优先搜索一层一层地向外扩展。",
        GraphAll => "完整搜索",
        GraphPrev => "上一层",
        GraphNext => "下一层",
        GraphFull => "整个搜索：广度优先搜索扩展了 {} 个状态，找到三角形中标出的那条 {} 步的路径。",
        RaceTitle => "广度优先搜索与 A* 的比较",
        RaceText => "广度优先搜索对所有状态一视同仁。A* 则按 f = g + h 给状态排序：g 是已经走过的步数，h 是启发函数对剩余步数的估计。下面两种算法解的是同一座塔，扩展数取自它们各自运行的统计。",
        RaceResult => "广度优先搜索扩展了 {} 个状态，解长 {} 步；A* 扩展了 {} 个状态，解长 {} 步。",
        RaceArticle => "原文声称五个盘子时 A*“通常只需扩展几百个节点”。可是整张图一共只有 {} 个状态，这样根本谈不上节省；上面真实运行的结果才是答案。",
        RaceDisks => "盘子数",
        RaceHeuristic => "A* 的启发函数",
        RaceBfs => "广度优先搜索",
        RaceAstar => "A*",
        AdmTitle => "启发函数高估的时候",
        AdmText => "只要启发函数从不高估剩余的步数，也就是说它是可采纳的，A* 返回的就是最短路径。原文的启发函数找出不在目标柱上的最大盘子 k，断定还需要 2^(k+1) - 1 步。可是当较小的盘子已经让开时，这个估计就太大了。",
        AdmShown => "对图中这座塔，启发函数给出 h = {}，而广度优先搜索算出的真实距离是 {} 步。",
        AdmOver => "这里 h 高估了 {} 步。",
        AdmNotOver => "这里 h 没有高估。挪一挪盘子，再看看。",
        AdmFourText => "高估会让答案变差。四根柱子时，从下面的起点移到 D 柱上的整座塔，用这个启发函数的 A* 和广度优先搜索解的是同一道题：",
        AdmFourResult => "使用 2^(k+1) - 1 的 A* 给出 {} 步；广度优先搜索找到 {} 步。",
        AdmArticle => "原文说这个启发函数是可采纳的，这是错的：上面的两个图，一个显示了高估，一个显示了更长的解。",
        FourTitle => "四根柱子与 Frame–Stewart 算法",
        FourText => "多一根柱子，大塔所需的步数就会少很多。Frame–Stewart 方法先借助所有柱子把上面的若干个盘子移到一根空闲的柱子上，再用三根柱子移动其余的盘子，最后把上面那些盘子移回来；它尝试每一种分法，取最好的一种。求解器的直接求解法就是这样算出分法的。",
        FourResult => "{} 个盘子时：三根柱子需要 {} 步，四根柱子需要 {} 步。对四根柱子的全部 {} 个状态做广度优先搜索，得到 {} 步。",
        FourProof => "对四根柱子，Frame–Stewart 的步数已被证明是最少的（Bousch，2014 年）；五根及以上的柱子，这仍然只是猜想。",
        FourDisks => "盘子数",
        ExTitle => "练习",
        ExIntro => "先作答，再让引擎检查。每道题只计一次分。",
        ExFewerQ => "五个盘子：最大的在 A 柱，其余的已经在 C 柱上，目标是全部移到 C 柱。哪种算法扩展的状态更少：广度优先搜索，还是以“不在目标柱上的盘子数”为启发函数的 A*？",
        ExFewerAnswer => "广度优先搜索扩展了 {} 个状态，A* 扩展了 {} 个。",
        ExOverQ => "摆出一座塔，使启发函数 2^(k+1) - 1 高估到达目标（所有盘子都在 C 柱）的步数，然后点“检查”。",
        ExOverAnswer => "启发函数给出 {}；真实距离是 {}。",
        ExDistanceQ => "从下面这座塔移到 C 柱上的整座塔，最短需要几步？",
        ExDistanceLabel => "步数",
        ExDistanceAnswer => "最短解需要 {} 步。",
        ExTie => "一样多",
        ExPredictQ => "三个盘子从 A 柱移到 C 柱，用 A* 搜索，启发函数是不在目标柱上的盘子数。每一步都请预测 A* 接下来从 OPEN 中扩展哪个节点：f = g + h 最小的那个；几个节点 f 相同时，由引擎的平局规则决定。第一次选择计分。",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: &[Line] = &[
        Line::Title,
        Line::Intro,
        Line::StateTitle,
        Line::StateText,
        Line::StateCode,
        Line::StateDisk,
        Line::StateTry,
        Line::StateArticle,
        Line::GraphTitle,
        Line::GraphText,
        Line::GraphLayer,
        Line::GraphStart,
        Line::GraphAll,
        Line::GraphPrev,
        Line::GraphNext,
        Line::GraphFull,
        Line::RaceTitle,
        Line::RaceText,
        Line::RaceResult,
        Line::RaceArticle,
        Line::RaceDisks,
        Line::RaceHeuristic,
        Line::RaceBfs,
        Line::RaceAstar,
        Line::AdmTitle,
        Line::AdmText,
        Line::AdmShown,
        Line::AdmOver,
        Line::AdmNotOver,
        Line::AdmFourText,
        Line::AdmFourResult,
        Line::AdmArticle,
        Line::FourTitle,
        Line::FourText,
        Line::FourResult,
        Line::FourProof,
        Line::FourDisks,
        Line::ExTitle,
        Line::ExIntro,
        Line::ExFewerQ,
        Line::ExFewerAnswer,
        Line::ExOverQ,
        Line::ExOverAnswer,
        Line::ExDistanceQ,
        Line::ExDistanceLabel,
        Line::ExDistanceAnswer,
        Line::ExTie,
        Line::ExPredictQ,
    ];

    #[test]
    fn both_languages_have_every_line_with_the_same_slots() {
        for &line in ALL {
            let slots = t(Lang::En, line).matches("{}").count();
            assert_eq!(t(Lang::Zh, line).matches("{}").count(), slots, "{line:?}");
            assert!(
                line == Line::RaceAstar || t(Lang::En, line) != t(Lang::Zh, line),
                "{line:?}"
            );
        }
    }
}
