//! The "predict the next expansion" exercise: at a step of a traced run, the learner picks the node of OPEN that the
//! algorithm expands next. The judge is the run itself: the node the real engine expanded at that step (the
//! trace's tree), never a second implementation of the algorithm. The rule is only used to explain the answer:
//! which nodes tied under it, and which tie-break the engine's choice shows.

use solver::search::trace::Trace;
use solver::search::tree::{NodeKind, SearchTree, TreeNode};
use solver::Algorithm;

/// How an algorithm picks its next node, as its engine does it (in `solver::search`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// BFS: the oldest node of OPEN (first in, first out).
    Fifo,
    /// DFS: the first waiting child of the state expanded last, skipping a child reached before at no greater
    /// depth or at the depth bound.
    DepthFirst,
    /// A*: the lowest f = g + h; ties to the larger g, then to the newest node.
    LowestF,
    /// Greedy best-first: the lowest h; ties to the larger g, then to the newest node.
    LowestH,
}

impl Rule {
    /// The rule of the searches the exercise covers.
    pub fn of(algorithm: Algorithm) -> Option<Rule> {
        match algorithm {
            Algorithm::Bfs => Some(Rule::Fifo),
            Algorithm::Dfs => Some(Rule::DepthFirst),
            Algorithm::Astar => Some(Rule::LowestF),
            Algorithm::Greedy => Some(Rule::LowestH),
            _ => None,
        }
    }

    /// The value nodes are ranked by, for the rules that rank (BFS's and DFS's orders are total).
    fn key(self, node: &TreeNode) -> Option<u32> {
        match self {
            Rule::LowestF => node.f(),
            Rule::LowestH => node.h,
            Rule::Fifo | Rule::DepthFirst => None,
        }
    }
}

/// What decided between nodes that tied under the rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TieBreak {
    /// The engine took the deepest of them.
    LargerG,
    /// Equal g too: the engine took the one it generated last.
    Newest,
    /// Neither: the engine's own order among equal entries.
    EngineOrder,
}

/// One question: the OPEN nodes at a position and the node the engine expanded next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    /// Steps shown: the question is which node step `position` expands.
    pub position: usize,
    pub open: Vec<u32>,
    pub answer: u32,
    pub rule: Rule,
}

/// The question at `position`, if the run has a tree, its algorithm is one the exercise covers, and a step follows.
pub fn question(trace: &Trace, position: usize) -> Option<Question> {
    let rule = Rule::of(trace.algorithm?)?;
    let tree = trace.tree.as_deref()?;
    let answer = *tree.steps.get(position)?;
    Some(Question {
        position,
        open: tree.open_at(position),
        answer,
        rule,
    })
}

/// A judged pick.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    pub position: usize,
    pub picked: u32,
    pub answer: u32,
    pub rule: Rule,
    /// When several OPEN nodes tied under the rule: how many, and what the engine's choice among them shows.
    pub tie: Option<(usize, TieBreak)>,
    /// DFS: the waiting children it took and dropped before this expansion.
    pub skipped: usize,
}

impl Verdict {
    pub fn right(&self) -> bool {
        self.picked == self.answer
    }
}

/// Judges `picked` against the engine's next expansion; `None` if it is not a node of OPEN there.
pub fn judge(trace: &Trace, question: &Question, picked: u32) -> Option<Verdict> {
    if !question.open.contains(&picked) {
        return None;
    }
    let tree = trace.tree.as_deref()?;
    let node = |id: u32| &tree.nodes[id as usize];
    let answer = node(question.answer);
    let tie = question.rule.key(answer).and_then(|key| {
        let tied: Vec<u32> = question
            .open
            .iter()
            .copied()
            .filter(|&id| question.rule.key(node(id)) == Some(key))
            .collect();
        let others = || tied.iter().filter(|&&id| id != question.answer);
        let by = if others().all(|&id| node(id).g < answer.g) {
            TieBreak::LargerG
        } else if others()
            .filter(|&&id| node(id).g == answer.g)
            .all(|&id| engine_age(tree, id) < engine_age(tree, question.answer))
        {
            TieBreak::Newest
        } else {
            TieBreak::EngineOrder
        };
        (tied.len() > 1).then_some((tied.len(), by))
    });
    let skipped = match question.rule {
        Rule::DepthFirst => tree
            .nodes
            .iter()
            .filter(|n| n.left == Some(question.position as u32) && n.expanded.is_none())
            .count(),
        _ => 0,
    };
    Some(Verdict {
        position: question.position,
        picked,
        answer: question.answer,
        rule: question.rule,
        tie,
        skipped,
    })
}

/// When the engine first filed node `id`'s state: a node reached again by a shorter path keeps its first place.
fn engine_age(tree: &SearchTree, id: u32) -> u32 {
    let node = &tree.nodes[id as usize];
    if node.kind != NodeKind::Improved {
        return id;
    }
    (0..id)
        .find(|&other| {
            let first = &tree.nodes[other as usize];
            first.rank == node.rank && first.direction == node.direction && first.kind.enters_open()
        })
        .unwrap_or(id)
}

/// The exercise's state: on or off, the score, and the last verdict.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Exercise {
    pub active: bool,
    /// Right picks, and picks judged.
    pub right: u32,
    pub asked: u32,
    pub verdict: Option<Verdict>,
}

/// The exercise's actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExerciseAction {
    /// Start or stop it.
    Toggle,
    /// The learner's pick: a node id of the tree.
    Pick(u32),
}

impl Exercise {
    /// A pick at `position` (steps shown): judged and scored once per position; `Some(verdict)` when it counted.
    pub fn pick(&mut self, trace: &Trace, position: usize, picked: u32) -> Option<&Verdict> {
        if !self.active
            || self
                .verdict
                .as_ref()
                .is_some_and(|v| v.position == position)
        {
            return None;
        }
        let question = question(trace, position)?;
        let verdict = judge(trace, &question, picked)?;
        self.asked += 1;
        self.right += u32::from(verdict.right());
        self.verdict = Some(verdict);
        self.verdict.as_ref()
    }
}
