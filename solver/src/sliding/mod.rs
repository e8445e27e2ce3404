//! Sliding-tile puzzles (in progress).
