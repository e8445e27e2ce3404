//! Puzzle Lab's solver: sliding-tile puzzles (2x2 to 8x8) and Tower of Hanoi (3-5 pegs), solved by
//! BFS, bidirectional BFS, depth-bounded DFS, A*, IDA*, greedy best-first, weighted A* (bounded
//! suboptimal, for boards too large to solve optimally), the staged solver (every board at once, then improved
//! while time remains, with a proven lower bound) and direct solvers, with statistics, budgets and a
//! progress/cancel hook. Pure Rust; builds for wasm32 unchanged.
//!
//! Layers: `rules` (the ground floor: puzzle kinds, a validated puzzle, heuristic names, every size limit and rule
//! by size, the step-through's limits; it imports nothing of the crate, `tests/rules_floor.rs` checks) under the
//! puzzles (`sliding`, `hanoi`) and `query` (the PUZZLE format), under `said` and `report` (what a run says and
//! answers), under the engines (`search`, each with an observer hook; `pdb`; `staged` and `improve` for boards too
//! large for them); `run` dispatches a query to an engine; `check` replays any answer independently.

pub mod bound;
pub mod check;
pub mod hanoi;
pub mod improve;
pub mod instances;
pub mod numbers;
pub mod pdb;
pub mod puzzle;
pub mod query;
pub mod random;
pub mod report;
pub mod rules;
pub mod run;
pub mod said;
pub mod search;
pub mod sliding;
pub mod staged;
pub mod truth;

pub use puzzle::{Heuristic, Puzzle};
pub use query::Query;
pub use report::{Moves, Report};
pub use rules::{HeuristicName, PuzzleKind, PuzzleSpec};
pub use search::{Algorithm, Control, Flow, Limits, Outcome, Stats, Status};
