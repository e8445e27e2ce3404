//! Independent truth for the Hanoi tests: slow successor generators, exhaustive BFS and a replay checker on peg stacks.
//!
//! Nothing here uses the module's own move generation, so a bug there cannot hide behind a matching bug here.

use super::rules::HanoiMove;
use std::collections::VecDeque;

/// A tiny test-only PRNG (a 64-bit LCG, high bits), independent of the module's `SplitMix64`.
pub(crate) struct Lcg(pub u64);

impl Lcg {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    /// Roughly uniform in `0..bound` (bias is irrelevant for tests).
    pub(crate) fn below(&mut self, bound: u64) -> u64 {
        ((self.next() << 31) ^ self.next()) % bound
    }

    pub(crate) fn position(&mut self, pegs: u8, disks: u8) -> Vec<u8> {
        (0..disks)
            .map(|_| self.below(u64::from(pegs)) as u8)
            .collect()
    }
}

fn unpack(pegs: u8, disks: u8, mut state: u64) -> Vec<u8> {
    (0..disks)
        .map(|_| {
            let peg = (state % u64::from(pegs)) as u8;
            state /= u64::from(pegs);
            peg
        })
        .collect()
}

fn pack(pegs: u8, position: &[u8]) -> u64 {
    position
        .iter()
        .rev()
        .fold(0, |acc, &peg| acc * u64::from(pegs) + u64::from(peg))
}

/// Successors by the definition: the smallest disk on `from` moves if no smaller disk is on `to`.
pub(crate) fn naive_successors(pegs: u8, disks: u8, state: u64) -> Vec<([u8; 2], u64)> {
    let position = unpack(pegs, disks, state);
    let top = |peg: u8| position.iter().position(|&p| p == peg);
    let mut out = Vec::new();
    for from in 0..pegs {
        for to in 0..pegs {
            if from == to {
                continue;
            }
            if let Some(disk) = top(from) {
                if top(to).is_none_or(|other| other > disk) {
                    let mut next = position.clone();
                    next[disk] = to;
                    out.push(([from, to], pack(pegs, &next)));
                }
            }
        }
    }
    out
}

/// The pegs as stacks of disks, bottom first.
fn stacks(pegs: u8, position: &[u8]) -> Vec<Vec<u8>> {
    let mut stacks = vec![Vec::new(); usize::from(pegs)];
    for disk in (0..position.len()).rev() {
        stacks[usize::from(position[disk])].push(disk as u8);
    }
    stacks
}

fn unstack(stacks: &[Vec<u8>], disks: usize) -> Vec<u8> {
    let mut position = vec![u8::MAX; disks];
    for (peg, stack) in stacks.iter().enumerate() {
        for &disk in stack {
            position[usize::from(disk)] = peg as u8;
        }
    }
    position
}

/// Successors computed on physical stacks: pop from one peg, push on another if the disk below is larger.
pub(crate) fn stacks_successors(pegs: u8, position: &[u8]) -> Vec<([u8; 2], Vec<u8>)> {
    let start = stacks(pegs, position);
    let mut out = Vec::new();
    for from in 0..usize::from(pegs) {
        for to in 0..usize::from(pegs) {
            let mut next = start.clone();
            if from == to {
                continue;
            }
            let Some(&disk) = next[from].last() else {
                continue;
            };
            if next[to].last().is_none_or(|&below| below > disk) {
                next[from].pop();
                next[to].push(disk);
                out.push(([from as u8, to as u8], unstack(&next, position.len())));
            }
        }
    }
    out
}

/// Replays `moves` from `start` on peg stacks; the position reached, or the first illegal move.
pub(crate) fn replay(pegs: u8, start: &[u8], moves: &[HanoiMove]) -> Result<Vec<u8>, String> {
    let mut pegs_now = stacks(pegs, start);
    for (i, mv) in moves.iter().enumerate() {
        let (from, to) = (usize::from(mv.from), usize::from(mv.to));
        if from >= pegs_now.len() || to >= pegs_now.len() || from == to {
            return Err(format!("move {i} {mv:?}: bad pegs"));
        }
        let disk = pegs_now[from]
            .pop()
            .ok_or_else(|| format!("move {i} {mv:?}: empty peg"))?;
        if let Some(&below) = pegs_now[to].last() {
            if below < disk {
                return Err(format!("move {i} {mv:?}: disk {disk} onto {below}"));
            }
        }
        pegs_now[to].push(disk);
    }
    Ok(unstack(&pegs_now, start.len()))
}

/// Distances of every state to `goal` by BFS with the naive generator (moves are reversible).
pub(crate) fn bfs_distances(pegs: u8, disks: u8, goal: u64) -> Vec<u32> {
    let count = u64::from(pegs).pow(u32::from(disks)) as usize;
    let mut dist = vec![u32::MAX; count];
    dist[goal as usize] = 0;
    let mut queue = VecDeque::from([goal]);
    while let Some(state) = queue.pop_front() {
        let d = dist[state as usize];
        for (_, next) in naive_successors(pegs, disks, state) {
            if dist[next as usize] == u32::MAX {
                dist[next as usize] = d + 1;
                queue.push_back(next);
            }
        }
    }
    assert!(
        dist.iter().all(|&d| d != u32::MAX),
        "every Hanoi state is reachable"
    );
    dist
}

/// Packs a position (for tests that hold positions and need states).
pub(crate) fn state_of(pegs: u8, position: &[u8]) -> u64 {
    pack(pegs, position)
}
