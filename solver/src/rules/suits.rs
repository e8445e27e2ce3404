//! Which algorithms and heuristics apply to which puzzle: what the page offers in its menus and what a query may
//! name. The direct solver is for towers, the staged one for boards; the pattern databases only where they exist.

use super::names::{Algorithm, HeuristicName, PuzzleKind};
use super::puzzle::PuzzleSpec;
use super::reach::pdb_applies;

/// Whether an algorithm runs on a kind of puzzle: every search on both, `direct` on towers only, `staged` on
/// boards only.
pub fn algorithm_applies(algorithm: Algorithm, kind: PuzzleKind) -> bool {
    match algorithm {
        Algorithm::Direct => kind == PuzzleKind::Hanoi,
        Algorithm::Staged => kind == PuzzleKind::Sliding,
        _ => true,
    }
}

/// The algorithms for a kind of puzzle, in [`Algorithm::ALL`] order.
///
/// ```
/// use solver::rules::algorithms_for;
/// use solver::{Algorithm, PuzzleKind};
/// assert!(algorithms_for(PuzzleKind::Hanoi).any(|a| a == Algorithm::Direct));
/// assert!(!algorithms_for(PuzzleKind::Hanoi).any(|a| a == Algorithm::Staged));
/// ```
pub fn algorithms_for(kind: PuzzleKind) -> impl Iterator<Item = Algorithm> {
    Algorithm::ALL
        .into_iter()
        .filter(move |&a| algorithm_applies(a, kind))
}

/// The heuristics for a puzzle, in [`HeuristicName::ALL`] order: those of its kind, the pattern databases only
/// where they exist ([`pdb_applies`]).
pub fn heuristics_for(spec: &PuzzleSpec) -> impl Iterator<Item = HeuristicName> {
    let pdb = pdb_applies(spec);
    HeuristicName::for_kind(spec.kind()).filter(move |&h| h != HeuristicName::Pdb || pdb)
}
