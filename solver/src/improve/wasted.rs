//! Wasted moves: a move followed by its inverse, and any stretch of a path that comes back to a board it has
//! already been on. Removing them never lengthens a path and keeps its end.

use crate::sliding::{Dir, Shape};
use std::collections::HashMap;

/// `moves` from `start` on a `shape` board without wasted moves: every board on the result is visited once.
/// `start` must be a board of the shape and the moves legal from it (the answer of a solver); an illegal move
/// ends the replay there, and the moves from it on are kept as they are.
///
/// ```
/// use solver::improve::remove_wasted;
/// use solver::sliding::{parse_moves, moves_to_string, Shape};
/// let shape = Shape { width: 3, height: 3 };
/// let start = [1, 2, 3, 4, 5, 6, 7, 8, 0];
/// // Up then down cancel; the blank going once round a 2x2 block does not bring the board back, so it stays.
/// let moves = parse_moves("UDLURD").unwrap();
/// assert_eq!(moves_to_string(&remove_wasted(shape, &start, &moves)), "LURD");
/// ```
pub fn remove_wasted(shape: Shape, start: &[u8], moves: &[Dir]) -> Vec<Dir> {
    let n = shape.cells();
    let Some(mut blank) = start.iter().position(|&t| t == 0) else {
        return moves.to_vec();
    };
    // Every board on the path, one after another in one buffer.
    let mut boards: Vec<u8> = Vec::with_capacity((moves.len() + 1) * n);
    boards.extend_from_slice(start);
    let mut legal = 0;
    for &dir in moves {
        let Some(to) = shape.step(blank, dir) else {
            break;
        };
        let from = boards.len() - n;
        boards.extend_from_within(from..);
        let now = boards.len() - n;
        boards.swap(now + blank, now + to);
        blank = to;
        legal += 1;
    }
    // The last visit of each board; walking from the start, jump to the last visit of the board reached.
    let mut last: HashMap<&[u8], usize> = HashMap::with_capacity(legal + 1);
    for (i, board) in boards.chunks_exact(n).enumerate() {
        last.insert(board, i);
    }
    let mut kept = Vec::with_capacity(moves.len());
    let mut i = 0;
    while i < legal {
        i = last.get(&boards[i * n..(i + 1) * n]).copied().unwrap_or(i);
        if i < legal {
            kept.push(moves[i]);
            i += 1;
        }
    }
    kept.extend_from_slice(&moves[legal..]);
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sliding::{moves_to_string, parse_moves, shuffle_solvable};

    fn replay(shape: Shape, start: &[u8], moves: &[Dir]) -> Vec<u8> {
        let mut board = start.to_vec();
        for &d in moves {
            crate::sliding::apply_move(shape, &mut board, d).unwrap();
        }
        board
    }

    #[test]
    fn inverse_pairs_and_loops_go() {
        let shape = Shape {
            width: 3,
            height: 3,
        };
        let start = shape.default_goal();
        // Twelve moves round a 2x2 block come back to the start: all of it is a loop.
        let round = parse_moves("ULDRULDRULDR").unwrap();
        assert_eq!(remove_wasted(shape, &start, &round), vec![]);
        let moves = parse_moves("UUDDLLRRUL").unwrap();
        assert_eq!(moves_to_string(&remove_wasted(shape, &start, &moves)), "UL");
    }

    #[test]
    fn a_path_without_waste_is_kept_and_any_path_keeps_its_end() {
        let shape = Shape {
            width: 4,
            height: 3,
        };
        let goal = shape.default_goal();
        let start = shuffle_solvable(shape, &goal, 5).unwrap();
        let mut rng = crate::sliding::SplitMix64::new(9);
        for _ in 0..50 {
            // A random walk of 200 moves, full of waste.
            let mut board = start.clone();
            let mut walk = Vec::new();
            while walk.len() < 200 {
                let d = Dir::ALL[(rng.next_u64() % 4) as usize];
                if crate::sliding::apply_move(shape, &mut board, d).is_ok() {
                    walk.push(d);
                }
            }
            let kept = remove_wasted(shape, &start, &walk);
            assert!(kept.len() <= walk.len());
            assert_eq!(replay(shape, &start, &kept), board);
            // Nothing left to remove.
            assert_eq!(remove_wasted(shape, &start, &kept), kept);
        }
    }
}
