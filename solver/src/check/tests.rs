//! Tests of the replay checker: good and bad move lists, bad boards and positions, and replayed reports.

use super::*;
use crate::search::Algorithm;

// 3x3, blank in the middle:
// 1 2 3
// 4 0 5
// 7 8 6
const MID: [u8; 9] = [1, 2, 3, 4, 0, 5, 7, 8, 6];
const GOAL3: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 0];

#[test]
fn sliding_good_lists_reach_the_goal() {
    // Blank right (swaps with 5), then down (swaps with 6).
    assert_eq!(check_sliding(3, 3, &MID, &GOAL3, "RD"), Ok(()));
    // Detours are fine as long as they are legal and end at the goal.
    assert_eq!(check_sliding(3, 3, &MID, &GOAL3, "UDLRRD"), Ok(()));
    // The empty list solves a solved board.
    assert_eq!(check_sliding(3, 3, &GOAL3, &GOAL3, ""), Ok(()));
    // A rectangle, 3 wide and 2 high: blank at the top-left corner walks right twice and down.
    assert_eq!(
        check_sliding(3, 2, &[0, 1, 2, 3, 4, 5], &[1, 2, 5, 3, 4, 0], "RRD"),
        Ok(())
    );
}

#[test]
fn sliding_u_means_the_blank_moves_up() {
    // Blank bottom-right; U swaps it with the tile above it (6).
    assert_eq!(
        check_sliding(3, 3, &GOAL3, &[1, 2, 3, 4, 5, 0, 7, 8, 6], "U"),
        Ok(())
    );
    // The same board with D would leave the board.
    assert_eq!(
        check_sliding(3, 3, &GOAL3, &GOAL3, "D"),
        Err(ReplayError::IllegalSlide {
            index: 0,
            letter: 'D',
            row: 2,
            column: 2
        })
    );
}

#[test]
fn sliding_bad_lists_name_the_move() {
    assert_eq!(
        check_sliding(3, 3, &MID, &GOAL3, "RRD"),
        Err(ReplayError::IllegalSlide {
            index: 1,
            letter: 'R',
            row: 1,
            column: 2
        })
    );
    assert_eq!(
        check_sliding(3, 3, &MID, &GOAL3, "UUD"),
        Err(ReplayError::IllegalSlide {
            index: 1,
            letter: 'U',
            row: 0,
            column: 1
        })
    );
    assert_eq!(
        check_sliding(3, 3, &MID, &GOAL3, "LLR"),
        Err(ReplayError::IllegalSlide {
            index: 1,
            letter: 'L',
            row: 1,
            column: 0
        })
    );
    assert_eq!(
        check_sliding(3, 3, &MID, &GOAL3, "DD"),
        Err(ReplayError::IllegalSlide {
            index: 1,
            letter: 'D',
            row: 2,
            column: 1
        })
    );
    assert_eq!(
        check_sliding(3, 3, &MID, &GOAL3, "Rx"),
        Err(ReplayError::UnknownLetter {
            index: 1,
            letter: 'x'
        })
    );
    assert_eq!(
        check_sliding(3, 3, &MID, &GOAL3, "r"),
        Err(ReplayError::UnknownLetter {
            index: 0,
            letter: 'r'
        })
    );
    assert_eq!(
        check_sliding(3, 3, &MID, &GOAL3, "DR"),
        Err(ReplayError::NotAtGoal { moves: 2 })
    );
    assert_eq!(
        check_sliding(3, 3, &MID, &GOAL3, ""),
        Err(ReplayError::NotAtGoal { moves: 0 })
    );
    let message = check_sliding(3, 3, &MID, &GOAL3, "RRD")
        .unwrap_err()
        .to_string();
    assert_eq!(
        message,
        "move 2 (R) is illegal: the blank is at row 1, column 2 and cannot move right"
    );
}

#[test]
fn sliding_bad_boards_are_refused() {
    assert_eq!(
        check_sliding(3, 3, &MID[..8], &GOAL3, ""),
        Err(ReplayError::BoardSize {
            which: "start",
            len: 8,
            width: 3,
            height: 3
        })
    );
    assert_eq!(
        check_sliding(3, 3, &MID, &[1, 2, 3, 4, 5, 6, 7, 8, 8], ""),
        Err(ReplayError::NotABoard { which: "goal" })
    );
    assert_eq!(
        check_sliding(3, 3, &[1, 2, 3, 4, 9, 5, 7, 8, 6], &GOAL3, ""),
        Err(ReplayError::NotABoard { which: "start" })
    );
}

#[test]
fn hanoi_good_lists_reach_the_goal() {
    // Three disks, peg 0 to peg 2: the classic seven moves.
    let seven = [[0, 2], [0, 1], [2, 1], [0, 2], [1, 0], [1, 2], [0, 2]];
    assert_eq!(check_hanoi(3, &[0, 0, 0], &[2, 2, 2], &seven), Ok(()));
    // A scattered start: disk 0 on peg 1, disk 1 on peg 0, disk 2 on peg 2; gather all on peg 2.
    assert_eq!(
        check_hanoi(
            3,
            &[1, 0, 2],
            &[2, 2, 2],
            &[[1, 2], [0, 1], [2, 0], [1, 2], [0, 2]]
        ),
        Ok(())
    );
    assert_eq!(
        check_hanoi(3, &[1, 0, 2], &[2, 2, 2], &[[0, 2], [1, 2]]),
        Ok(())
    );
    // Four pegs, two disks: three moves through a spare peg.
    assert_eq!(
        check_hanoi(4, &[0, 0], &[3, 3], &[[0, 1], [0, 3], [1, 3]]),
        Ok(())
    );
    assert_eq!(check_hanoi(3, &[0, 1], &[0, 1], &[]), Ok(()));
}

#[test]
fn hanoi_bad_lists_name_the_move() {
    assert_eq!(
        check_hanoi(3, &[0, 0], &[2, 2], &[[0, 2], [0, 2]]),
        Err(ReplayError::LargerOnSmaller {
            index: 1,
            disk: 1,
            onto: 0,
            from: 0,
            to: 2
        })
    );
    assert_eq!(
        check_hanoi(3, &[0, 0], &[2, 2], &[[1, 2]]),
        Err(ReplayError::EmptyPeg { index: 0, peg: 1 })
    );
    assert_eq!(
        check_hanoi(3, &[0, 0], &[2, 2], &[[0, 1], [0, 3]]),
        Err(ReplayError::NoSuchPeg {
            index: 1,
            peg: 3,
            pegs: 3
        })
    );
    assert_eq!(
        check_hanoi(3, &[0, 0], &[2, 2], &[[7, 1]]),
        Err(ReplayError::NoSuchPeg {
            index: 0,
            peg: 7,
            pegs: 3
        })
    );
    assert_eq!(
        check_hanoi(3, &[0, 0], &[2, 2], &[[0, 0]]),
        Err(ReplayError::SamePeg { index: 0, peg: 0 })
    );
    assert_eq!(
        check_hanoi(3, &[0, 0], &[2, 2], &[[0, 1], [0, 2]]),
        Err(ReplayError::NotAtGoal { moves: 2 })
    );
    let message = check_hanoi(3, &[0, 0], &[2, 2], &[[0, 2], [0, 2]])
        .unwrap_err()
        .to_string();
    assert_eq!(
        message,
        "move 2 (0 -> 2) puts disk 1 onto the smaller disk 0"
    );
}

#[test]
fn hanoi_bad_positions_are_refused() {
    assert_eq!(
        check_hanoi(3, &[0, 0], &[2, 2, 2], &[]),
        Err(ReplayError::DiskCount { start: 2, goal: 3 })
    );
    assert_eq!(
        check_hanoi(3, &[0, 3], &[2, 2], &[]),
        Err(ReplayError::NoSuchPegInPosition {
            which: "start",
            disk: 1,
            peg: 3,
            pegs: 3
        })
    );
}

fn report(status: Status, length: u64, moves: Moves, moves_listed: bool) -> Report {
    Report {
        moves_listed,
        optimal: true,
        ..Report::new(status, Algorithm::Bfs, moves, length, Vec::new())
    }
}

#[test]
fn reports_are_replayed_and_their_length_checked() {
    let sliding = PuzzleSpec::Sliding {
        width: 3,
        height: 3,
        start: MID.to_vec(),
        goal: GOAL3.to_vec(),
    };
    let hanoi = PuzzleSpec::Hanoi {
        pegs: 3,
        disks: 2,
        start: vec![0, 0],
        goal: vec![2, 2],
    };
    let letters = |s: &str| Moves::Sliding(s.to_string());
    let pairs = Moves::Hanoi(vec![[0, 1], [0, 2], [1, 2]]);

    assert_eq!(
        check_report(&sliding, &report(Status::Solved, 2, letters("RD"), true)),
        Ok(())
    );
    assert_eq!(
        check_report(&hanoi, &report(Status::Solved, 3, pairs.clone(), true)),
        Ok(())
    );
    assert_eq!(
        check_report(&sliding, &report(Status::Solved, 3, letters("RD"), true)),
        Err(ReplayError::LengthMismatch {
            length: 3,
            moves: 2
        })
    );
    assert_eq!(
        check_report(&sliding, &report(Status::Solved, 2, letters("DR"), true)),
        Err(ReplayError::NotAtGoal { moves: 2 })
    );
    assert_eq!(
        check_report(&sliding, &report(Status::Solved, 3, pairs.clone(), true)),
        Err(ReplayError::WrongMoveKind { puzzle: "sliding" })
    );
    assert_eq!(
        check_report(&hanoi, &report(Status::Solved, 2, letters("RD"), true)),
        Err(ReplayError::WrongMoveKind { puzzle: "hanoi" })
    );
    assert_eq!(
        check_report(&hanoi, &report(Status::Limit, 0, letters(""), true)),
        Err(ReplayError::NotSolved {
            status: Status::Limit
        })
    );
    // A direct solver's list over its cap: the length stands alone.
    assert_eq!(
        check_report(&hanoi, &report(Status::Solved, 3, letters(""), false)),
        Ok(())
    );
    // An already-solved Hanoi position with the default (empty, sliding-typed) move list.
    let solved = PuzzleSpec::Hanoi {
        pegs: 3,
        disks: 2,
        start: vec![2, 2],
        goal: vec![2, 2],
    };
    assert_eq!(
        check_report(&solved, &report(Status::Solved, 0, Moves::default(), true)),
        Ok(())
    );
}
