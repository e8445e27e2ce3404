//! The names a puzzle query is made of: the puzzle kinds, the search algorithms and the heuristics. Everything else
//! in the solver depends on these; they depend on nothing of it.

use std::fmt;

/// The search algorithms, by their CLI names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    Bfs,
    Bibfs,
    Dfs,
    Astar,
    Idastar,
    Greedy,
    /// Weighted A* (f = g + w*h): bounded suboptimal, at most w x the shortest.
    Weighted,
    /// A closed-form solver (Hanoi recursion, 3-peg optimal path, Frame-Stewart): no search at all.
    Direct,
    /// The staged (reduction) solver for sliding boards of every size: one outer line of goal tiles at a time by
    /// small searches, an optimal remainder, then improved while time remains (see [`crate::staged`]).
    Staged,
}

impl Algorithm {
    pub const ALL: [Algorithm; 9] = [
        Algorithm::Bfs,
        Algorithm::Bibfs,
        Algorithm::Dfs,
        Algorithm::Astar,
        Algorithm::Idastar,
        Algorithm::Greedy,
        Algorithm::Weighted,
        Algorithm::Direct,
        Algorithm::Staged,
    ];

    /// The name used in the PUZZLE format and on the CLI.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Bfs => "bfs",
            Algorithm::Bibfs => "bibfs",
            Algorithm::Dfs => "dfs",
            Algorithm::Astar => "astar",
            Algorithm::Idastar => "idastar",
            Algorithm::Greedy => "greedy",
            Algorithm::Weighted => "weighted",
            Algorithm::Direct => "direct",
            Algorithm::Staged => "staged",
        }
    }

    /// A person's name for it.
    pub fn title(self) -> &'static str {
        match self {
            Algorithm::Bfs => "Breadth-first search",
            Algorithm::Bibfs => "Bidirectional BFS",
            Algorithm::Dfs => "Depth-bounded DFS",
            Algorithm::Astar => "A*",
            Algorithm::Idastar => "IDA*",
            Algorithm::Greedy => "Greedy best-first",
            Algorithm::Weighted => "Weighted A*",
            Algorithm::Direct => "Direct (no search)",
            Algorithm::Staged => "Staged (line by line), improved",
        }
    }

    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.name() == name)
    }

    /// Whether its answer is always a shortest one (A* and IDA* only with an admissible heuristic).
    pub fn guarantees_optimal(self) -> bool {
        matches!(
            self,
            Algorithm::Bfs | Algorithm::Bibfs | Algorithm::Astar | Algorithm::Idastar
        )
    }

    /// Whether it takes a heuristic.
    pub fn uses_heuristic(self) -> bool {
        matches!(
            self,
            Algorithm::Astar | Algorithm::Idastar | Algorithm::Greedy | Algorithm::Weighted
        )
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The two kinds of puzzle, by their names in the format (`puzzle=sliding`, `puzzle=hanoi`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PuzzleKind {
    Sliding,
    Hanoi,
}

impl PuzzleKind {
    /// Both kinds, in the order the format lists them.
    pub const ALL: [PuzzleKind; 2] = [PuzzleKind::Sliding, PuzzleKind::Hanoi];

    /// The name used in the PUZZLE format.
    pub fn name(self) -> &'static str {
        match self {
            PuzzleKind::Sliding => "sliding",
            PuzzleKind::Hanoi => "hanoi",
        }
    }

    /// The kind with this format name, if any.
    pub fn from_name(name: &str) -> Option<PuzzleKind> {
        PuzzleKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

impl fmt::Display for PuzzleKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Heuristic names of the PUZZLE format and the CLI.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HeuristicName {
    /// Sliding and Hanoi: tiles (not the blank) or disks not in their goal place.
    Misplaced,
    /// Sliding: sum of Manhattan distances.
    Manhattan,
    /// Sliding: Manhattan plus 2 per tile that must leave its row or column.
    LinearConflict,
    /// Sliding 4x4: additive pattern databases (issue "15-puzzle and beyond").
    Pdb,
    /// Hanoi 3 pegs: the exact distance. 4-5 pegs: the best admissible bound we have.
    Exact,
    /// Hanoi: the seed article's 2^(k+1)-1, which OVERESTIMATES (inadmissible, offered to show what that does to A*).
    SeedPower,
}

impl HeuristicName {
    pub const ALL: [HeuristicName; 6] = [
        HeuristicName::Misplaced,
        HeuristicName::Manhattan,
        HeuristicName::LinearConflict,
        HeuristicName::Pdb,
        HeuristicName::Exact,
        HeuristicName::SeedPower,
    ];

    pub fn name(self) -> &'static str {
        match self {
            HeuristicName::Misplaced => "misplaced",
            HeuristicName::Manhattan => "manhattan",
            HeuristicName::LinearConflict => "linear-conflict",
            HeuristicName::Pdb => "pdb",
            HeuristicName::Exact => "exact",
            HeuristicName::SeedPower => "seed-power",
        }
    }

    pub fn from_name(name: &str) -> Option<HeuristicName> {
        HeuristicName::ALL.into_iter().find(|h| h.name() == name)
    }

    /// Whether this heuristic exists for that kind of puzzle (`manhattan` is for boards, `exact` for pegs).
    pub fn applies_to(self, kind: PuzzleKind) -> bool {
        match self {
            HeuristicName::Misplaced => true,
            HeuristicName::Manhattan | HeuristicName::LinearConflict | HeuristicName::Pdb => {
                kind == PuzzleKind::Sliding
            }
            HeuristicName::Exact | HeuristicName::SeedPower => kind == PuzzleKind::Hanoi,
        }
    }

    /// Whether it never overestimates, so that A* and IDA* with it answer a shortest solution and weighted A* keeps
    /// its bound (only the seed article's `seed-power` does not; the heuristics' own `admissible` agree, by test).
    pub fn is_admissible(self) -> bool {
        self != HeuristicName::SeedPower
    }

    /// The heuristics of one kind of puzzle, in `ALL` order.
    pub fn for_kind(kind: PuzzleKind) -> impl Iterator<Item = HeuristicName> {
        HeuristicName::ALL
            .into_iter()
            .filter(move |h| h.applies_to(kind))
    }
}

impl fmt::Display for HeuristicName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
