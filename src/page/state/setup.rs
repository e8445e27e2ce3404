//! Set-up: the puzzle being edited (kind, size, start and goal) and the choices for solving it (algorithm,
//! heuristic, budgets), with the set-up's own actions and the warnings shown before a run.

use super::fresh::{
    eight_puzzle, random_position, scrambled_board, scrambled_position, shuffled_board, tower,
};
use super::steps::shape_of;
use crate::format;
use crate::page::i18n::{Controls, Text};
use solver::hanoi;
use solver::query::{self, PuzzleKind, PuzzleSpec, Query};
use solver::rules::{
    default_choice, default_heuristic, direct_applies, optimal_reach, random_start, OptimalReach,
    RandomStart,
};
use solver::search::weighted::Weight;
use solver::sliding::{self, Shape, Unsolvable};
use solver::{Algorithm, HeuristicName};

/// The most states one search in the browser may hold by default. Memory, finite and never given back in a worker,
/// is budgeted in bytes by the worker itself (`SEARCH_MAX_BYTES`, `BFS_MAX_BYTES`), which also lowers this for
/// large states.
pub const MAX_STATES: u64 = 32_000_000;
/// The state budgets offered; each state costs tens of bytes, and a worker that runs out of memory is replaced.
pub const STATE_BUDGETS: [u64; 6] = [
    1_000_000, 2_000_000, 4_000_000, 8_000_000, 16_000_000, 32_000_000,
];
/// The disk counts the Hanoi picker offers (links may carry more).
pub const UI_DISKS: std::ops::RangeInclusive<u8> = 1..=12;
/// The default and the largest number of random moves of a Scramble.
pub const DEFAULT_SCRAMBLE: u32 = 20;
pub const MAX_SCRAMBLE: u32 = 1000;
/// The most disks whose search is traced for the Sierpinski view (a rule of the step-through's).
pub use solver::rules::TRACE_MAX_DISKS;
pub use solver::search::MAX_DFS_DEPTH;

/// Which position a set-up edit changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Start,
    Goal,
}

/// The puzzle and the choices for solving it.
#[derive(Debug, Clone, PartialEq)]
pub struct Setup {
    /// The puzzle: its kind, size, start and goal (always a valid spec).
    pub puzzle: PuzzleSpec,
    pub algorithm: Algorithm,
    pub heuristic: HeuristicName,
    pub dfs_depth: u32,
    /// The weight of weighted A*, as a link gave it (`None`: the solver's default).
    pub weight: Option<Weight>,
    /// The most states a search may hold.
    pub max_states: u64,
    pub editing: Side,
    pub scramble_moves: u32,
}

/// What the person does to the set-up.
#[derive(Debug, Clone, PartialEq)]
pub enum SetupAction {
    /// Switch between sliding puzzle and Tower of Hanoi (a fresh default puzzle of that kind).
    SetKind {
        kind: PuzzleKind,
        seed: u64,
    },
    /// A new board size: the default goal and a random start.
    SetSize {
        width: u8,
        height: u8,
        seed: u64,
    },
    SetPegs(u8),
    SetDisks(u8),
    SetAlgorithm(Algorithm),
    SetHeuristic(HeuristicName),
    SetDfsDepth(u32),
    /// One of `STATE_BUDGETS`.
    SetMaxStates(u64),
    SetEditing(Side),
    /// Swap the contents of two cells of the edited position.
    SwapCells(usize, usize),
    /// Put a disk on a peg of the edited position (it settles by size).
    PlaceDisk {
        disk: u8,
        peg: u8,
    },
    /// A uniformly random solvable arrangement (sliding) or a random legal state (Hanoi) for the edited side.
    Shuffle {
        seed: u64,
    },
    /// `scramble_moves` random moves away from the other side.
    Scramble {
        seed: u64,
    },
    SetScrambleMoves(u32),
}

impl SetupAction {
    /// Whether the action edits a position by hand (refused in hand play).
    pub fn edits_by_hand(&self) -> bool {
        matches!(
            self,
            SetupAction::SetEditing(_) | SetupAction::SwapCells(..) | SetupAction::PlaceDisk { .. }
        )
    }
}

/// What a set-up action changed, which tells the other concerns what to forget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edit {
    Unchanged,
    /// Only the set-up's own view (the edited side, the scramble length).
    View,
    /// A choice for solving: the last run no longer matches.
    Choice,
    /// The puzzle itself: the run, the playback and hand play start over.
    Puzzle,
}

impl Setup {
    /// A set-up for this puzzle with the default choices (the solver's own, [`default_choice`]).
    pub fn with_puzzle(puzzle: PuzzleSpec) -> Setup {
        let choice = default_choice(&puzzle);
        Setup {
            algorithm: choice.algorithm,
            heuristic: choice
                .heuristic
                .unwrap_or_else(|| default_heuristic(&puzzle)),
            puzzle,
            dfs_depth: solver::search::DEFAULT_DFS_DEPTH,
            weight: None,
            max_states: MAX_STATES,
            editing: Side::Start,
            scramble_moves: DEFAULT_SCRAMBLE,
        }
    }

    /// A shuffled 8-puzzle.
    pub fn new_default(seed: u64) -> Setup {
        Setup::with_puzzle(eight_puzzle(seed))
    }

    /// The set-up for a parsed link; choices that do not fit the puzzle are replaced, each with a note.
    pub fn from_query(q: Query) -> (Setup, Vec<Text>) {
        let mut setup = Setup::with_puzzle(q.puzzle);
        setup.weight = q.weight;
        let kind = setup.kind();
        let mut notes = Vec::new();
        if let Some(a) = q.algorithm {
            if algorithms_for(kind).contains(&a) {
                setup.algorithm = a;
                // A named algorithm without a heuristic runs with the kind's usual one, as in the CLI.
                setup.heuristic = default_heuristic(&setup.puzzle);
            } else {
                notes.push(
                    Text::new(Controls::NoteAlgorithmNotApplicable)
                        .arg(a)
                        .arg(kind_title(kind))
                        .arg(setup.algorithm),
                );
            }
        }
        if let Some(h) = q.heuristic {
            if heuristics_for(&setup.puzzle).contains(&h) {
                setup.heuristic = h;
            } else {
                notes.push(
                    Text::new(Controls::NoteHeuristicNotApplicable)
                        .arg(h.name())
                        .arg(kind_title(kind))
                        .arg(setup.heuristic),
                );
            }
        }
        (setup, notes)
    }

    pub fn kind(&self) -> PuzzleKind {
        self.puzzle.kind()
    }

    /// The board shape, for a sliding puzzle.
    pub fn shape(&self) -> Option<Shape> {
        shape_of(&self.puzzle)
    }

    /// The page's choices as a PUZZLE query (for the address bar and the solve run's request): the weight travels
    /// with weighted A* only.
    pub fn query(&self) -> Query {
        Query {
            puzzle: self.puzzle.clone(),
            algorithm: Some(self.algorithm),
            heuristic: Some(self.heuristic),
            weight: self
                .weight
                .filter(|_| self.algorithm == Algorithm::Weighted),
        }
    }

    /// The depth limit a link carries (`depth=`): DFS's, when it is not the default.
    pub fn link_depth(&self) -> Option<u32> {
        (self.algorithm == Algorithm::Dfs && self.dfs_depth != solver::search::DEFAULT_DFS_DEPTH)
            .then_some(self.dfs_depth)
    }

    /// `Err(why)` if the start cannot reach the goal (only sliding puzzles can be unsolvable). O(N), no search.
    pub fn solvability(&self) -> Result<(), Unsolvable> {
        match &self.puzzle {
            PuzzleSpec::Sliding { start, goal, .. } => match self.shape() {
                Some(shape) => sliding::check_solvable(shape, start, goal),
                None => Ok(()),
            },
            PuzzleSpec::Hanoi { .. } => Ok(()),
        }
    }

    /// Whether a solve also asks for the search's step-by-step record (`solver::rules::traceable`): Tower of Hanoi
    /// on 3 pegs with up to `TRACE_MAX_DISKS` disks (drawn as its Sierpinski triangle), and small sliding puzzles
    /// (drawn board by board).
    pub fn traceable(&self) -> bool {
        solver::rules::traceable(&self.puzzle)
    }

    /// The number of positions reachable from the start (sliding: N!/2; Hanoi: pegs^disks), as a float since it
    /// overflows every integer type on big boards.
    pub fn state_space(&self) -> f64 {
        match &self.puzzle {
            PuzzleSpec::Sliding { width, height, .. } => {
                let cells = u32::from(*width) * u32::from(*height);
                (2..=cells).map(f64::from).product::<f64>() / 2.0
            }
            PuzzleSpec::Hanoi { pegs, disks, .. } => f64::from(*pegs).powi(i32::from(*disks)),
        }
    }

    /// Warnings about the chosen algorithm on this puzzle, shown before a run.
    pub fn hints(&self) -> Vec<Text> {
        let mut hints = Vec::new();
        let space = self.state_space();
        match self.algorithm {
            Algorithm::Dfs => hints.push(Text::new(Controls::AlgoNoteDfs).arg(self.dfs_depth)),
            Algorithm::Weighted => hints.push(Text::new(Controls::AlgoNoteWeighted)),
            Algorithm::Staged => hints.push(Text::new(Controls::AlgoNoteStaged)),
            Algorithm::Greedy => hints.push(Text::new(Controls::AlgoNoteGreedy)),
            Algorithm::Bfs | Algorithm::Bibfs if space > self.max_states as f64 => hints.push(
                Text::new(Controls::AlgoNoteBudget)
                    .arg(self.algorithm)
                    .arg(format::big_count(space))
                    .arg(format::count(self.max_states)),
            ),
            _ => {}
        }
        if self.algorithm.uses_heuristic() && self.heuristic == HeuristicName::Pdb {
            hints.push(Text::new(Controls::AlgoNotePdb));
        }
        if self.algorithm.uses_heuristic() && !self.heuristic.is_admissible() {
            hints.push(Text::new(Controls::AlgoNoteSeedPower));
        }
        match &self.puzzle {
            PuzzleSpec::Sliding { width, height, .. } => {
                let optimal_search =
                    matches!(self.algorithm, Algorithm::Astar | Algorithm::Idastar);
                match self.shape().map(optimal_reach) {
                    Some(OptimalReach::OutOfReach) if optimal_search => hints.push(
                        Text::new(Controls::AlgoNoteHugeBoard)
                            .arg(*width)
                            .arg(*height),
                    ),
                    Some(OptimalReach::PatternDatabases)
                        if optimal_search && self.heuristic != HeuristicName::Pdb =>
                    {
                        hints.push(
                            Text::new(Controls::AlgoNoteBigBoard)
                                .arg(*width)
                                .arg(*height),
                        )
                    }
                    _ => {}
                }
            }
            PuzzleSpec::Hanoi { pegs, disks, .. } => {
                if self.algorithm == Algorithm::Direct {
                    if !direct_applies(&self.puzzle) {
                        hints.push(Text::new(Controls::AlgoNoteDirectTower).arg(*pegs));
                    }
                    if u64::from(*disks) > u64::from(hanoi::DIRECT_MOVE_CAP.ilog2()) {
                        hints.push(
                            Text::new(Controls::AlgoNoteDirectCap)
                                .arg(*disks)
                                .arg(*disks)
                                .arg(format::count(hanoi::DIRECT_MOVE_CAP)),
                        );
                    }
                } else if *pegs > 3
                    && matches!(self.algorithm, Algorithm::Astar | Algorithm::Idastar)
                    && space > self.max_states as f64
                {
                    hints.push(
                        Text::new(Controls::AlgoNoteLowerBound)
                            .arg(format::big_count(space))
                            .arg(*pegs)
                            .arg(self.algorithm)
                            .arg(format::count(self.max_states)),
                    );
                } else if *disks > query::MAX_SEARCH_DISKS {
                    hints.push(
                        Text::new(Controls::AlgoNoteMaxDisks)
                            .arg(query::MAX_SEARCH_DISKS)
                            .arg(*disks),
                    );
                }
            }
        }
        hints
    }

    /// Applies a set-up action. `frame` is the playback's position on screen, if a solution is shown: an edit of
    /// the start applies to it (it becomes the start first).
    pub fn apply(&mut self, action: SetupAction, frame: Option<&[u8]>) -> Edit {
        match action {
            SetupAction::SetKind { .. }
            | SetupAction::SetSize { .. }
            | SetupAction::SetPegs(_)
            | SetupAction::SetDisks(_) => self.apply_shape(action),
            SetupAction::SetAlgorithm(algorithm) => {
                if algorithm == self.algorithm || !algorithms_for(self.kind()).contains(&algorithm)
                {
                    return Edit::Unchanged;
                }
                self.algorithm = algorithm;
                Edit::Choice
            }
            SetupAction::SetHeuristic(heuristic) => {
                if heuristic == self.heuristic || !heuristics_for(&self.puzzle).contains(&heuristic)
                {
                    return Edit::Unchanged;
                }
                self.heuristic = heuristic;
                Edit::Choice
            }
            SetupAction::SetDfsDepth(depth) => {
                let depth = depth.clamp(1, MAX_DFS_DEPTH);
                if depth == self.dfs_depth {
                    return Edit::Unchanged;
                }
                self.dfs_depth = depth;
                Edit::Choice
            }
            SetupAction::SetMaxStates(budget) => {
                if budget == self.max_states || !STATE_BUDGETS.contains(&budget) {
                    return Edit::Unchanged;
                }
                self.max_states = budget;
                Edit::Choice
            }
            SetupAction::SetEditing(side) => {
                if side == self.editing {
                    return Edit::Unchanged;
                }
                self.editing = side;
                Edit::View
            }
            SetupAction::SwapCells(..)
            | SetupAction::PlaceDisk { .. }
            | SetupAction::Shuffle { .. }
            | SetupAction::Scramble { .. } => self.apply_position(action, frame),
            SetupAction::SetScrambleMoves(k) => {
                let k = k.clamp(1, MAX_SCRAMBLE);
                if k == self.scramble_moves {
                    return Edit::Unchanged;
                }
                self.scramble_moves = k;
                Edit::View
            }
        }
    }

    /// A fresh puzzle of another kind or size: the page's own choices for it.
    fn apply_shape(&mut self, action: SetupAction) -> Edit {
        match action {
            SetupAction::SetKind { kind, seed } => {
                if kind == self.kind() {
                    return Edit::Unchanged;
                }
                let puzzle = match kind {
                    PuzzleKind::Sliding => eight_puzzle(seed),
                    PuzzleKind::Hanoi => tower(3, 4),
                };
                self.replace_puzzle(puzzle)
            }
            SetupAction::SetSize {
                width,
                height,
                seed,
            } => {
                let Ok(shape) = Shape::new(width, height) else {
                    return Edit::Unchanged;
                };
                if self.shape() == Some(shape) {
                    return Edit::Unchanged;
                }
                let goal = shape.default_goal();
                let start = match random_start(shape) {
                    RandomStart::Shuffle => shuffled_board(shape, &goal, seed),
                    RandomStart::Scramble => scrambled_board(shape, &goal, DEFAULT_SCRAMBLE, seed),
                };
                self.replace_puzzle(PuzzleSpec::Sliding {
                    width,
                    height,
                    start,
                    goal,
                })
            }
            SetupAction::SetPegs(pegs) => match self.puzzle {
                PuzzleSpec::Hanoi { pegs: p, disks, .. }
                    if p != pegs && (query::MIN_PEGS..=query::MAX_PEGS).contains(&pegs) =>
                {
                    self.replace_puzzle(tower(pegs, disks))
                }
                _ => Edit::Unchanged,
            },
            SetupAction::SetDisks(disks) => match self.puzzle {
                PuzzleSpec::Hanoi { pegs, disks: d, .. }
                    if d != disks && (query::MIN_DISKS..=query::MAX_DISKS).contains(&disks) =>
                {
                    self.replace_puzzle(tower(pegs, disks))
                }
                _ => Edit::Unchanged,
            },
            _ => Edit::Unchanged,
        }
    }

    /// An edit of the edited position: by hand (applied to the playback's `frame` on screen, if any), or a fresh
    /// random one.
    fn apply_position(&mut self, action: SetupAction, frame: Option<&[u8]>) -> Edit {
        match action {
            SetupAction::SwapCells(a, b) => {
                let n = self.puzzle.start().len();
                if self.kind() != PuzzleKind::Sliding || a == b || a >= n || b >= n {
                    return Edit::Unchanged;
                }
                self.adopt(frame);
                self.edited_mut().swap(a, b);
                Edit::Puzzle
            }
            SetupAction::PlaceDisk { disk, peg } => {
                if peg >= super::steps::pegs_of(&self.puzzle) {
                    return Edit::Unchanged;
                }
                let current = match (self.editing, frame) {
                    (Side::Start, Some(frame)) => frame,
                    (Side::Start, None) => self.puzzle.start(),
                    (Side::Goal, _) => self.puzzle.goal(),
                };
                if current.get(usize::from(disk)).is_none_or(|&p| p == peg) {
                    return Edit::Unchanged;
                }
                self.adopt(frame);
                self.edited_mut()[usize::from(disk)] = peg;
                Edit::Puzzle
            }
            SetupAction::Shuffle { seed } => {
                let other = self.other().to_vec();
                let fresh = match &self.puzzle {
                    PuzzleSpec::Sliding { .. } => match self.shape() {
                        Some(shape) => shuffled_board(shape, &other, seed),
                        None => other,
                    },
                    PuzzleSpec::Hanoi { pegs, disks, .. } => {
                        random_position(*pegs, *disks, &other, seed)
                    }
                };
                *self.edited_mut() = fresh;
                self.choose_default();
                Edit::Puzzle
            }
            SetupAction::Scramble { seed } => {
                let other = self.other().to_vec();
                let fresh = match &self.puzzle {
                    PuzzleSpec::Sliding { .. } => match self.shape() {
                        Some(shape) => scrambled_board(shape, &other, self.scramble_moves, seed),
                        None => other,
                    },
                    PuzzleSpec::Hanoi { pegs, .. } => {
                        scrambled_position(*pegs, &other, self.scramble_moves, seed)
                    }
                };
                *self.edited_mut() = fresh;
                Edit::Puzzle
            }
            _ => Edit::Unchanged,
        }
    }

    /// Makes `position` the start, editing the start ("Solve from here").
    pub fn start_from(&mut self, position: &[u8]) {
        let (PuzzleSpec::Sliding { start, .. } | PuzzleSpec::Hanoi { start, .. }) =
            &mut self.puzzle;
        *start = position.to_vec();
        self.editing = Side::Start;
    }

    /// A fresh puzzle (another kind or size): the page's own choices for it.
    fn replace_puzzle(&mut self, puzzle: PuzzleSpec) -> Edit {
        self.puzzle = puzzle;
        self.choose_default();
        self.editing = Side::Start;
        Edit::Puzzle
    }

    /// Selects the algorithm and heuristic the solver itself picks for this puzzle ([`default_choice`]: by size,
    /// one that answers every board of it). Done for every fresh puzzle (a size, a kind, a link naming no
    /// algorithm) and every Shuffle (of the start or the goal: a uniformly random board, which only the default
    /// answers on every size), so that Solve with the page's choices always answers. Edits by hand and Scramble (a
    /// few moves from the other side) keep the person's choices: the default depends on the size only.
    fn choose_default(&mut self) {
        let choice = default_choice(&self.puzzle);
        self.algorithm = choice.algorithm;
        self.heuristic = choice
            .heuristic
            .unwrap_or_else(|| default_heuristic(&self.puzzle));
        self.weight = None;
    }

    /// An edit of the start applies to the playback's frame on screen, which becomes the start first.
    fn adopt(&mut self, frame: Option<&[u8]>) {
        if let (Side::Start, Some(frame)) = (self.editing, frame) {
            let (PuzzleSpec::Sliding { start, .. } | PuzzleSpec::Hanoi { start, .. }) =
                &mut self.puzzle;
            *start = frame.to_vec();
        }
    }

    /// The position set-up edits change.
    fn edited_mut(&mut self) -> &mut Vec<u8> {
        let editing = self.editing;
        match &mut self.puzzle {
            PuzzleSpec::Sliding { start, goal, .. } | PuzzleSpec::Hanoi { start, goal, .. } => {
                match editing {
                    Side::Start => start,
                    Side::Goal => goal,
                }
            }
        }
    }

    /// The position opposite the edited one.
    fn other(&self) -> &[u8] {
        match self.editing {
            Side::Start => self.puzzle.goal(),
            Side::Goal => self.puzzle.start(),
        }
    }
}

/// The algorithms offered for a kind of puzzle, in menu order (`solver::rules::algorithms_for`: the direct solver
/// for towers, the staged one for boards).
pub fn algorithms_for(kind: PuzzleKind) -> Vec<Algorithm> {
    solver::rules::algorithms_for(kind).collect()
}

/// The heuristics offered for a puzzle, in menu order (`solver::rules::heuristics_for`: pattern databases only
/// where they exist).
pub fn heuristics_for(puzzle: &PuzzleSpec) -> Vec<HeuristicName> {
    solver::rules::heuristics_for(puzzle).collect()
}

/// "sliding puzzle" / "Tower of Hanoi", in a sentence (heuristic names are `Lang::heuristic`).
pub fn kind_title(kind: PuzzleKind) -> Controls {
    match kind {
        PuzzleKind::Sliding => Controls::KindSliding,
        PuzzleKind::Hanoi => Controls::KindHanoi,
    }
}
