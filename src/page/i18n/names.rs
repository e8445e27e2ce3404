//! The names of the algorithms and heuristics, in the menus, the statistics and the solver's sentences (the option
//! values stay the CLI names).

use super::{words, Arg, Lang};
use solver::{Algorithm, HeuristicName};

words! {
    /// An algorithm's or a heuristic's name.
    Name {
        Bfs,
        Bibfs,
        Dfs,
        Astar,
        Idastar,
        Greedy,
        Weighted,
        Direct,
        Staged,
        Misplaced,
        Manhattan,
        LinearConflict,
        Pdb,
        Exact,
        SeedPower,
    }
}

impl Name {
    /// English.
    pub(super) fn en(self) -> &'static str {
        use Name::*;
        match self {
            Bfs => "Breadth-first search",
            Bibfs => "Bidirectional BFS",
            Dfs => "Depth-bounded DFS",
            Astar => "A*",
            Idastar => "IDA*",
            Greedy => "Greedy best-first",
            Weighted => "Weighted A*",
            Direct => "Direct",
            Staged => "Staged (line by line), improved",
            Misplaced => "Misplaced",
            Manhattan => "Manhattan distance",
            LinearConflict => "Manhattan + linear conflict",
            Pdb => "Pattern databases",
            Exact => "Exact (3 pegs) / lower bound",
            SeedPower => "Seed power 2^(k+1)-1 (inadmissible)",
        }
    }

    /// Simplified Chinese.
    pub(super) fn zh(self) -> &'static str {
        use Name::*;
        match self {
            Bfs => "广度优先搜索",
            Bibfs => "双向广度优先搜索",
            Dfs => "有深度上限的深度优先搜索",
            Astar => "A*",
            Idastar => "IDA*",
            Greedy => "贪心最佳优先搜索",
            Weighted => "加权 A*",
            Direct => "直接求解",
            Staged => "分步（逐行），再改进",
            Misplaced => "错位数",
            Manhattan => "曼哈顿距离",
            LinearConflict => "曼哈顿距离 + 线性冲突",
            Pdb => "模式数据库",
            Exact => "精确值（3 柱）/ 下界",
            SeedPower => "种子文章的 2^(k+1)-1（不可采纳）",
        }
    }
}

impl Lang {
    /// An algorithm's name in the menus and the statistics (the option values stay the CLI names).
    pub fn algorithm(self, a: Algorithm) -> &'static str {
        self.t(match a {
            Algorithm::Bfs => Name::Bfs,
            Algorithm::Bibfs => Name::Bibfs,
            Algorithm::Dfs => Name::Dfs,
            Algorithm::Astar => Name::Astar,
            Algorithm::Idastar => Name::Idastar,
            Algorithm::Greedy => Name::Greedy,
            Algorithm::Weighted => Name::Weighted,
            Algorithm::Direct => Name::Direct,
            Algorithm::Staged => Name::Staged,
        })
    }

    /// A heuristic's name in the menu.
    pub fn heuristic(self, h: HeuristicName) -> &'static str {
        self.t(match h {
            HeuristicName::Misplaced => Name::Misplaced,
            HeuristicName::Manhattan => Name::Manhattan,
            HeuristicName::LinearConflict => Name::LinearConflict,
            HeuristicName::Pdb => Name::Pdb,
            HeuristicName::Exact => Name::Exact,
            HeuristicName::SeedPower => Name::SeedPower,
        })
    }
}

/// A heuristic named by its CLI name: the page's name for it when it is one of ours, else the name itself.
pub(super) fn heuristic_arg(name: &str) -> Arg {
    match HeuristicName::from_name(name) {
        Some(h) => Arg::Heuristic(h),
        None => Arg::Plain(name.to_string()),
    }
}
