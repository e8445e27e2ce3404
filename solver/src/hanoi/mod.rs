//! Tower of Hanoi (in progress).
